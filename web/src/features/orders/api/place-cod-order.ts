import { codOrderAnswerSchema, type CodOrderAnswer, type PlaceOrderBody } from '@kirana/shared';
import { api } from '../../../lib/api-client';

/**
 * `POST /api/order/cod`: places a cash-on-delivery order; the server prices it and empties the
 * shopper's saved cart. Throws `ApiError` (e.g. a product out of stock, no address).
 */
export function placeCodOrder(body: PlaceOrderBody): Promise<CodOrderAnswer> {
  return api.post('/api/order/cod', codOrderAnswerSchema, { body });
}
