import { categorySavedAnswerSchema, type CategorySavedAnswer } from '@kirana/shared';
import { api } from '../../../../../lib/api-client';

/**
 * `POST /api/category/add` (no `id` in `categoryData`) or `…/update`, multipart: `categoryData`
 * JSON and the tile picture as `image`. Throws `ApiError` with the server's message.
 */
export function saveCategory(form: FormData, isNew: boolean): Promise<CategorySavedAnswer> {
  const path = isNew ? '/api/category/add' : '/api/category/update';
  return api.post(path, categorySavedAnswerSchema, { body: form });
}
