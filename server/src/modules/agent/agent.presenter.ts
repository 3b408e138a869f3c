import { toRupees, type Agent as AgentDto } from '@kirana/shared';
import type { Agent } from './agent.entity.js';
import type { AgentStanding } from './agent.service.js';

export function presentAgent(agent: Agent, standing: AgentStanding): AgentDto {
  return {
    _id: agent.id,
    name: agent.name,
    phone: agent.phone,
    status: standing.status,
    onDuty: agent.onDuty,
    cashInHand: toRupees(standing.cashInHandPaise),
  };
}
