import { agentMessageAnswerSchema, type AgentMessageAnswer } from '@kirana/shared';
import { api } from '../../../../../lib/api-client';

/**
 * `DELETE /api/agents/{id}`: removes the agent; the server ends their sessions and returns
 * their open orders to the pool. Throws `ApiError`.
 */
export function removeAgent(id: string): Promise<AgentMessageAnswer> {
  return api.delete(`/api/agents/${encodeURIComponent(id)}`, agentMessageAnswerSchema);
}
