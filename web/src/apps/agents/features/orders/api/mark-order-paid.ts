import { agentOrderAnswerSchema, type AgentOrder } from '@kirana/shared';
import { api } from '../../../../../lib/api-client';

/**
 * `PUT /api/agents/mark-paid/{orderId}`: records the cash collected at the door; answers the
 * order. Throws `ApiError`: 409 'Order is already paid' or 'Only a cash-on-delivery order is
 * paid at the door'.
 */
export async function markOrderPaid(orderId: string): Promise<AgentOrder> {
  const path = `/api/agents/mark-paid/${encodeURIComponent(orderId)}`;
  return (await api.put(path, agentOrderAnswerSchema)).order;
}
