import {
  khataImportAnswerSchema,
  khataImportErrorSchema,
  type KhataImportAnswer,
  type KhataImportError,
} from '@kirana/shared';
import * as z from 'zod/mini';
import { api, type ApiError } from '../../../../../lib/api-client';

/** The rows a refused import names (its 400 answer's `errors`), or none. */
export function refusedRows(error: ApiError): KhataImportError[] {
  const parsed = z.object({ errors: z.array(khataImportErrorSchema) }).safeParse(error.answer);
  return parsed.success ? parsed.data.errors : [];
}

/** `POST /api/khata/import`, multipart: the CSV as `file`. Throws `ApiError`. */
export function importKhataCustomers(file: File): Promise<KhataImportAnswer> {
  const form = new FormData();
  form.set('file', file);
  return api.post('/api/khata/import', khataImportAnswerSchema, { body: form });
}
