import { orderHistoryAnswerSchema, type OrderHistoryAnswer } from '@kirana/shared';
import { api } from '../../../../../lib/api-client';

/** `GET /api/order/{id}/history`: every change of the order, oldest first. Throws `ApiError`. */
export function getOrderHistory(
  orderId: string,
  signal?: AbortSignal,
): Promise<OrderHistoryAnswer> {
  return api.get(`/api/order/${encodeURIComponent(orderId)}/history`, orderHistoryAnswerSchema, {
    signal,
  });
}
