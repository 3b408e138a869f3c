import { agentMessageAnswerSchema, type AgentMessageAnswer } from '@kirana/shared';
import { api } from '../../../../lib/api-client';

/** `POST /api/agents/logout` (the spec's GET also works, but a sign-out is a change): ends the agent's cookie session. Throws `ApiError`. */
export function logoutAgent(): Promise<AgentMessageAnswer> {
  return api.post('/api/agents/logout', agentMessageAnswerSchema);
}
