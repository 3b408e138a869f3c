import { agentOrdersAnswerSchema, type AgentOrder } from '@kirana/shared';
import { api } from '../../../lib/api-client';

/**
 * `GET /api/agents/orders/visible`: the open unassigned orders plus all of the agent's own,
 * newest first. Throws `ApiError`: 401 'Please login as agent' when the session has ended.
 */
export async function getVisibleOrders(signal?: AbortSignal): Promise<AgentOrder[]> {
  return (await api.get('/api/agents/orders/visible', agentOrdersAnswerSchema, { signal })).orders;
}
