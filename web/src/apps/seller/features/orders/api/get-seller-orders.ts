import { sellerOrdersAnswerSchema, type SellerOrdersAnswer } from '@kirana/shared';
import { api } from '../../../../../lib/api-client';

/** `GET /api/order/seller?page=&limit=`: one page of every order, newest first. Throws `ApiError`. */
export function getSellerOrders(
  page: number,
  limit: number,
  signal?: AbortSignal,
): Promise<SellerOrdersAnswer> {
  const query = new URLSearchParams({ page: String(page), limit: String(limit) });
  return api.get(`/api/order/seller?${query}`, sellerOrdersAnswerSchema, { signal });
}
