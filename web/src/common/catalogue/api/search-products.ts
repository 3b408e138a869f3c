import { productPageAnswerSchema, type ProductPageAnswer } from '@kirana/shared';
import type { ApiClient } from '../../../lib/api-client';

/** What a page of the catalogue is asked by: a search, a category, in stock only, which page. */
export interface ProductSearch {
  q?: string;
  category?: string;
  inStock?: boolean;
  page?: number;
  limit?: number;
}

/** The query string of `search`, its fields in one order: one spelling per search. */
export function searchQueryString({ q, category, inStock, page, limit }: ProductSearch): string {
  const query = new URLSearchParams();
  if (q) query.set('q', q);
  if (category) query.set('category', category);
  if (inStock) query.set('inStock', 'true');
  if (page !== undefined && page !== 1) query.set('page', String(page));
  if (limit !== undefined) query.set('limit', String(limit));
  return query.toString();
}

/**
 * `GET /api/product/search`: a page of products, ranked when `q` is given. Throws `ApiError`,
 * e.g. 429 past the searches by text one address may make in a minute.
 */
export function searchProducts(
  api: ApiClient,
  search: ProductSearch,
  signal?: AbortSignal,
): Promise<ProductPageAnswer> {
  return api.get(`/api/product/search?${searchQueryString(search)}`, productPageAnswerSchema, {
    signal,
  });
}
