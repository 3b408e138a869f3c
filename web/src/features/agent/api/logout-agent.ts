import { agentMessageAnswerSchema, type AgentMessageAnswer } from '@kirana/shared';
import { api } from '../../../lib/api-client';

/** `GET /api/agents/logout`: ends the agent's cookie session. Throws `ApiError`. */
export function logoutAgent(): Promise<AgentMessageAnswer> {
  return api.get('/api/agents/logout', agentMessageAnswerSchema);
}
