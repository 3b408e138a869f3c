import { agentOrderAnswerSchema, type AgentOrder, type OrderStatus } from '@kirana/shared';
import { api } from '../../../lib/api-client';

/**
 * `PUT /api/agents/status/{orderId}`: moves the agent's order on to `status`; answers the order.
 * Throws `ApiError`: 409 e.g. 'Order must be paid before it is delivered', 403 'Order is not
 * assigned to you'.
 */
export async function updateOrderStatus(orderId: string, status: OrderStatus): Promise<AgentOrder> {
  const path = `/api/agents/status/${encodeURIComponent(orderId)}`;
  return (await api.put(path, agentOrderAnswerSchema, { body: { status } })).order;
}
