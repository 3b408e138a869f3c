import { agentCashAnswerSchema, type AgentCash } from '@kirana/shared';
import { api } from '../../../lib/api-client';

/** `GET /api/agents/cash`: the agent's cash in hand and latest ledger lines, newest first. */
export async function getCash(): Promise<AgentCash> {
  const { cashInHand, lines } = await api.get('/api/agents/cash', agentCashAnswerSchema);
  return { cashInHand, lines };
}
