import { onlineOrderAnswerSchema, type OnlineOrderAnswer, type PayOrderBody } from '@kirana/shared';
import { api } from '../../../../../lib/api-client';

/**
 * `POST /api/order/pay`: a provider order to pay again for the shopper's own online order that
 * still awaits its payment. Throws `ApiError` (e.g. already paid, or cancelled once expired).
 */
export function payOrder(body: PayOrderBody): Promise<OnlineOrderAnswer> {
  return api.post('/api/order/pay', onlineOrderAnswerSchema, { body });
}
