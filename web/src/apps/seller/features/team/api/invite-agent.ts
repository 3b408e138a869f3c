import { agentInviteAnswerSchema, type AgentInviteAnswer } from '@kirana/shared';
import { api } from '../../../../../lib/api-client';

/**
 * `POST /api/agents/{id}/invite`: a one-time link (valid 24 h) that pairs the agent's phone; the
 * agent's earlier phones and invites are revoked. Throws `ApiError`, e.g. 404 for a removed agent.
 */
export function inviteAgent(id: string): Promise<AgentInviteAnswer> {
  return api.post(`/api/agents/${encodeURIComponent(id)}/invite`, agentInviteAnswerSchema);
}
