import { counterLookupAnswerSchema, type Product } from '@kirana/shared';
import type { ApiClient } from '../../../../../lib/api-client';

/**
 * `GET /api/counter/lookup?code=`: the live product with this barcode (as a scanner types it) or
 * the shop's code. Throws `ApiError`, 404 for a code no product has.
 */
export async function lookUpCode(
  api: ApiClient,
  code: string,
  signal?: AbortSignal,
): Promise<Product> {
  const query = new URLSearchParams({ code });
  return (await api.get(`/api/counter/lookup?${query}`, counterLookupAnswerSchema, { signal }))
    .product;
}
