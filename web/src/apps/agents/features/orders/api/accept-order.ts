import { agentOrderAnswerSchema, type AgentOrder } from '@kirana/shared';
import { api } from '../../../../../lib/api-client';

/**
 * `POST /api/agents/accept`: assigns the open order to the calling agent; answers the order.
 * Throws `ApiError`: 409 'Order is already assigned to another agent', 404 'Order not found'.
 */
export async function acceptOrder(orderId: string): Promise<AgentOrder> {
  return (await api.post('/api/agents/accept', agentOrderAnswerSchema, { body: { orderId } }))
    .order;
}
