import {
  codOrderAnswerSchema,
  IDEMPOTENCY_KEY_HEADER,
  type CodOrderAnswer,
  type PlaceOrderBody,
} from '@kirana/shared';
import { api } from '../../../../../lib/api-client';

/**
 * `POST /api/order/khata`: places an order to be paid later, on the shopper's khata (the body and
 * `Idempotency-Key` of cash on delivery); it goes on the khata when delivered. Throws `ApiError`
 * (409 CREDIT_LIMIT saying the balance, the limit and what is left; a product out of stock).
 */
export function placeKhataOrder(
  body: PlaceOrderBody,
  idempotencyKey: string,
): Promise<CodOrderAnswer> {
  return api.post('/api/order/khata', codOrderAnswerSchema, {
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}
