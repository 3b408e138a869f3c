import { agentOrderAnswerSchema, type AgentOrder, type OrderStatus } from '@kirana/shared';
import { api } from '../../../../../lib/api-client';

/**
 * `PUT /api/agents/status/{orderId}`: moves the agent's order on to `status` ('Delivered' with
 * the customer's `pin` when the order has one); answers the order. Throws `ApiError`: 409 e.g.
 * 'Order must be paid before it is delivered', 403 'Order is not assigned to you', 400 a
 * missing or wrong PIN, 429 delivery locked after too many wrong PINs.
 */
export async function updateOrderStatus(
  orderId: string,
  status: OrderStatus,
  pin?: string,
): Promise<AgentOrder> {
  const path = `/api/agents/status/${encodeURIComponent(orderId)}`;
  return (await api.put(path, agentOrderAnswerSchema, { body: { status, pin } })).order;
}
