import { agentLedgerAnswerSchema, type AgentLedgerAnswer } from '@kirana/shared';
import { api } from '../../../../../lib/api-client';

/** `GET /api/agents/{id}/ledger`: one agent's cash in hand and latest lines. Throws `ApiError`. */
export function getAgentLedger(agentId: string, signal?: AbortSignal): Promise<AgentLedgerAnswer> {
  const path = `/api/agents/${encodeURIComponent(agentId)}/ledger`;
  return api.get(path, agentLedgerAnswerSchema, { signal });
}
