import { agentDutyAnswerSchema, type AgentDutyAnswer } from '@kirana/shared';
import { api } from '../../../../../lib/api-client';

/** `PUT /api/agents/duty`: the agent goes on or off duty; answers the agent as they stand. */
export function setDuty(onDuty: boolean): Promise<AgentDutyAnswer> {
  return api.put('/api/agents/duty', agentDutyAnswerSchema, { body: { onDuty } });
}
