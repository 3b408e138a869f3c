import {
  productPageAnswerSchema,
  type ProductPageAnswer,
  type SellerProductFilter,
} from '@kirana/shared';
import type { ApiClient } from '../../../../../lib/api-client';

/** What the seller's Product List shows: a search, a category, a filter, which page. */
export interface SellerProductList {
  q?: string;
  category?: string;
  filter?: SellerProductFilter;
  page?: number;
}

/**
 * `GET /api/product/seller/list`: a page of products by name (ranked when `q` is given), out of
 * stock ones included, archived ones only under their filter. Throws `ApiError`.
 */
export function listSellerProducts(
  api: ApiClient,
  { q, category, filter, page }: SellerProductList,
  signal?: AbortSignal,
): Promise<ProductPageAnswer> {
  const query = new URLSearchParams();
  if (q) query.set('q', q);
  if (category) query.set('category', category);
  if (filter) query.set('filter', filter);
  if (page !== undefined && page !== 1) query.set('page', String(page));
  query.set('limit', String(SELLER_PAGE_SIZE));
  return api.get(`/api/product/seller/list?${query.toString()}`, productPageAnswerSchema, {
    signal,
  });
}

/** Products on a page of the Product List. */
export const SELLER_PAGE_SIZE = 50;
