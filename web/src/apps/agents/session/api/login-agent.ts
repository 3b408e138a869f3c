import { agentAuthAnswerSchema, type Agent, type AgentLoginBody } from '@kirana/shared';
import { api } from '../../../../lib/api-client';

/**
 * `POST /api/agents/login`: starts the agent's cookie session by phone number. Throws
 * `ApiError`, e.g. 401 'No agent is registered with this phone number' or 429 after too many
 * failed attempts.
 */
export async function loginAgent(body: AgentLoginBody): Promise<Agent> {
  return (await api.post('/api/agents/login', agentAuthAnswerSchema, { body })).agent;
}
