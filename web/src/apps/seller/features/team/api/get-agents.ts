import { agentListAnswerSchema, type Agent } from '@kirana/shared';
import { api } from '../../../../../lib/api-client';

/** `GET /api/agents`: the delivery team with each agent's status. Throws `ApiError`. */
export async function getAgents(signal?: AbortSignal): Promise<Agent[]> {
  return (await api.get('/api/agents', agentListAnswerSchema, { signal })).agents;
}
