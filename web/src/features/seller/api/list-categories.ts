import { categoryListAnswerSchema, type CategoryDto } from '@kirana/shared';
import { api } from '../../../lib/api-client';

/** `GET /api/category/list` as the seller: every category, hidden ones too. Throws `ApiError`. */
export async function listCategories(signal?: AbortSignal): Promise<CategoryDto[]> {
  return (await api.get('/api/category/list', categoryListAnswerSchema, { signal })).categories;
}
