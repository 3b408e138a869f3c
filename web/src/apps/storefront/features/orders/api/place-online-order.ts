import {
  IDEMPOTENCY_KEY_HEADER,
  onlineOrderAnswerSchema,
  type OnlineOrderAnswer,
  type PlaceOrderBody,
} from '@kirana/shared';
import { api } from '../../../../../lib/api-client';

/**
 * `POST /api/order/razorpay`: places an order to be paid online and answers the provider order
 * to open Checkout with. The server prices it and empties the shopper's saved cart; the order
 * awaits its payment until `payBy`. The same `idempotencyKey` again answers the first answer
 * and places nothing more. Throws `ApiError` (e.g. a product out of stock, no address).
 */
export function placeOnlineOrder(
  body: PlaceOrderBody,
  idempotencyKey: string,
): Promise<OnlineOrderAnswer> {
  return api.post('/api/order/razorpay', onlineOrderAnswerSchema, {
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}
