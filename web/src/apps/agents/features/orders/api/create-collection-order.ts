import {
  onlineOrderAnswerSchema,
  PAYMENT_CURRENCY,
  toPaise,
  type AgentOrder,
  type OnlineOrderAnswer,
} from '@kirana/shared';
import { api } from '../../../../../lib/api-client';

/**
 * `POST /api/agents/order/razorpay`: a provider order to collect `order`'s amount online at the
 * door. The amount is sent in paise; the server charges the order's own and refuses a body
 * amount that differs. Throws `ApiError`: 409 when the order is paid already or not cash on
 * delivery, 403 when it is not this agent's.
 */
export function createCollectionOrder(
  order: Pick<AgentOrder, '_id' | 'amount'>,
): Promise<OnlineOrderAnswer> {
  return api.post('/api/agents/order/razorpay', onlineOrderAnswerSchema, {
    body: { amount: toPaise(order.amount), currency: PAYMENT_CURRENCY, receipt: order._id },
  });
}
