import {
  onlineOrderAnswerSchema,
  type OnlineOrderAnswer,
  type PlaceOrderBody,
} from '@kirana/shared';
import { api } from '../../../lib/api-client';

/**
 * `POST /api/order/razorpay`: places an order to be paid online and answers the provider order
 * to open Checkout with. The server prices it and empties the shopper's saved cart; the order
 * awaits its payment until `payBy`. Throws `ApiError` (e.g. a product out of stock, no address).
 */
export function placeOnlineOrder(body: PlaceOrderBody): Promise<OnlineOrderAnswer> {
  return api.post('/api/order/razorpay', onlineOrderAnswerSchema, { body });
}
