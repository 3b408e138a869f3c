import {
  agentPaymentVerifyAnswerSchema,
  type AgentOrder,
  type PaymentVerifyBody,
} from '@kirana/shared';
import { api } from '../../../../../lib/api-client';

/**
 * `POST /api/agents/order/verify`: Checkout's signed answer for a payment collected at the door;
 * answers the order, now paid. Throws `ApiError`: the server's message when it refuses.
 */
export async function verifyCollection(body: PaymentVerifyBody): Promise<AgentOrder> {
  return (await api.post('/api/agents/order/verify', agentPaymentVerifyAnswerSchema, { body }))
    .order;
}
