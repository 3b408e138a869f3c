import {
  codOrderAnswerSchema,
  IDEMPOTENCY_KEY_HEADER,
  type CodOrderAnswer,
  type PlaceOrderBody,
} from '@kirana/shared';
import { api } from '../../../../../lib/api-client';

/**
 * `POST /api/order/cod`: places a cash-on-delivery order; the server prices it and empties the
 * shopper's saved cart. The same `idempotencyKey` again answers the first answer and places
 * nothing more. Throws `ApiError` (e.g. a product out of stock, no address).
 */
export function placeCodOrder(
  body: PlaceOrderBody,
  idempotencyKey: string,
): Promise<CodOrderAnswer> {
  return api.post('/api/order/cod', codOrderAnswerSchema, {
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}
