import {
  cashLineAnswerSchema,
  type CashLineAnswer,
  type CorrectionBody,
  type HandoverBody,
} from '@kirana/shared';
import { api } from '../../../../../lib/api-client';

/**
 * `POST /api/agents/{id}/handover` (cash the agent brought to the counter) or `…/correction`
 * (puts their cash in hand right): answers the line written and the cash in hand now. Throws
 * `ApiError`, e.g. 409 for more than the agent holds.
 */
export function recordCashLine(
  agentId: string,
  line: { kind: 'handover'; body: HandoverBody } | { kind: 'correction'; body: CorrectionBody },
): Promise<CashLineAnswer> {
  const path = `/api/agents/${encodeURIComponent(agentId)}/${line.kind}`;
  return api.post(path, cashLineAnswerSchema, { body: line.body });
}
