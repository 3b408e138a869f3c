import {
  agentCreateAnswerSchema,
  type AgentCreateAnswer,
  type AgentCreateBody,
} from '@kirana/shared';
import { api } from '../../../../../lib/api-client';

/**
 * `POST /api/agents/create`: adds a delivery agent. Throws `ApiError`, e.g. 400
 * 'All fields required' or 409 for a phone number already in use.
 */
export function createAgent(body: AgentCreateBody): Promise<AgentCreateAnswer> {
  return api.post('/api/agents/create', agentCreateAnswerSchema, { body });
}
