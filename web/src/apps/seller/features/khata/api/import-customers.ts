import * as z from 'zod/mini';
import { api } from '../../../../../lib/api-client';

/**
 * `POST /api/khata/import`'s answer (docs/khata.md): customers created and updated; `errors` per
 * CSV row. All or nothing: a bad row is refused (400, its message naming the rows).
 */
export const khataImportAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  created: z.number(),
  updated: z.number(),
  errors: z._default(z.array(z.object({ row: z.number(), message: z.string() })), []),
});
export type KhataImportAnswer = z.infer<typeof khataImportAnswerSchema>;

/** `POST /api/khata/import`, multipart: the CSV as `file`. Throws `ApiError`. */
export function importKhataCustomers(file: File): Promise<KhataImportAnswer> {
  const form = new FormData();
  form.set('file', file);
  return api.post('/api/khata/import', khataImportAnswerSchema, { body: form });
}
