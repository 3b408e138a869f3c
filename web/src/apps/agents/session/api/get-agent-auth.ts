import { agentAuthAnswerSchema, type Agent } from '@kirana/shared';
import { ApiError, api } from '../../../../lib/api-client';

/**
 * `GET /api/agents/is-auth`: the logged-in agent, or null when there is no agent session (401).
 * Throws `ApiError` for anything else, e.g. status 0 when the server is out of reach.
 */
export async function getAgentAuth(): Promise<Agent | null> {
  try {
    return (await api.get('/api/agents/is-auth', agentAuthAnswerSchema)).agent;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}
