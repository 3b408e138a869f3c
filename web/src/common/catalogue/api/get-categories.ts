import { categoryListAnswerSchema, type CategoryDto } from '@kirana/shared';
import type { ApiClient } from '../../../lib/api-client';

/** `GET /api/category/list`: the categories in the seller's order. Throws `ApiError`. */
export async function getCategories(api: ApiClient, signal?: AbortSignal): Promise<CategoryDto[]> {
  return (await api.get('/api/category/list', categoryListAnswerSchema, { signal })).categories;
}
