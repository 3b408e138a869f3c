import { productItemsAnswerSchema, type Product } from '@kirana/shared';
import type { ApiClient } from '../../../lib/api-client';

/**
 * `GET /api/product/items?ids=`: the products of `ids` as they are now (archived and out of
 * stock ones too), in that order; unknown ids left out. Throws `ApiError`.
 */
export async function getProductItems(
  api: ApiClient,
  ids: readonly string[],
  signal?: AbortSignal,
): Promise<Product[]> {
  const query = new URLSearchParams({ ids: ids.join(',') });
  return (await api.get(`/api/product/items?${query}`, productItemsAnswerSchema, { signal }))
    .products;
}
