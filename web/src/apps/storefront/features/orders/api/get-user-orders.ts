import { userOrdersAnswerSchema, type ShopperOrder } from '@kirana/shared';
import { api } from '../../../../../lib/api-client';

/** `GET /api/order/user`: the logged-in shopper's orders, newest first. Throws `ApiError`. */
export async function getUserOrders(signal?: AbortSignal): Promise<ShopperOrder[]> {
  return (await api.get('/api/order/user', userOrdersAnswerSchema, { signal })).orders;
}
