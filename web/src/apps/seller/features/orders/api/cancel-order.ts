import {
  sellerOrderAnswerSchema,
  type SellerCancelOrderBody,
  type SellerOrderAnswer,
} from '@kirana/shared';
import { api } from '../../../../../lib/api-client';

/**
 * `POST /api/order/seller/cancel`: cancels an order not yet delivered, with the seller's reason;
 * a paid online order is refunded. Throws `ApiError` (e.g. a 409 once it is delivered).
 */
export function cancelOrder(body: SellerCancelOrderBody): Promise<SellerOrderAnswer> {
  return api.post('/api/order/seller/cancel', sellerOrderAnswerSchema, { body });
}
