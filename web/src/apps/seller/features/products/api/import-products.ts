import { importAnswerSchema, type ImportAnswer } from '@kirana/shared';
import { api } from '../../../../../lib/api-client';

/**
 * `POST /api/product/import`, multipart: the CSV as `file`, the pictures' .zip as `images`, and
 * `mode` (preview or apply). A preview answers every row's errors; an apply with errors is
 * refused (`ApiError`, 400) and writes nothing.
 */
export function importProducts(form: FormData): Promise<ImportAnswer> {
  return api.post('/api/product/import', importAnswerSchema, { body: form });
}
