import { userOrdersAnswerSchema, type Order } from '@kirana/shared';
import { api } from '../../../lib/api-client';

/** `GET /api/order/user`: the logged-in shopper's orders, newest first. Throws `ApiError`. */
export async function getUserOrders(signal?: AbortSignal): Promise<Order[]> {
  return (await api.get('/api/order/user', userOrdersAnswerSchema, { signal })).orders;
}
