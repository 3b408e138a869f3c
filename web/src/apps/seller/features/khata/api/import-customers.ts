import * as z from 'zod/mini';
import { api, type ApiError } from '../../../../../lib/api-client';

/**
 * `POST /api/khata/import`'s answer (docs/khata.md): customers created and updated; `errors` per
 * CSV row. All or nothing: a bad row is refused (400, its message naming the rows).
 */
const rowErrors = z._default(z.array(z.object({ row: z.number(), message: z.string() })), []);

export const khataImportAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  created: z.number(),
  updated: z.number(),
  errors: rowErrors,
});
export type KhataImportAnswer = z.infer<typeof khataImportAnswerSchema>;
export type KhataImportRowError = KhataImportAnswer['errors'][number];

/** The rows a refused import names (its 400 answer's `errors`), or none. */
export function refusedRows(error: ApiError): KhataImportRowError[] {
  const parsed = z.object({ errors: rowErrors }).safeParse(error.answer);
  return parsed.success ? parsed.data.errors : [];
}

/** `POST /api/khata/import`, multipart: the CSV as `file`. Throws `ApiError`. */
export function importKhataCustomers(file: File): Promise<KhataImportAnswer> {
  const form = new FormData();
  form.set('file', file);
  return api.post('/api/khata/import', khataImportAnswerSchema, { body: form });
}
