import { agentPairAnswerSchema, type AgentPairAnswer, type AgentPairBody } from '@kirana/shared';
import { api } from '../../../../lib/api-client';

/**
 * `POST /api/agents/pair`: pairs this phone with the agent the shop's invite was made for (the
 * server sets the device cookie). Throws `ApiError`, e.g. 403 'This invite link has expired…'.
 */
export function pairPhone(body: AgentPairBody): Promise<AgentPairAnswer> {
  return api.post('/api/agents/pair', agentPairAnswerSchema, { body });
}
