import { toRupees, type Agent as AgentDto } from '@kirana/shared';
import type { AgentLogin } from './agent-login.js';
import type { Agent } from './agent.entity.js';
import type { AgentStanding } from './agent.service.js';

/** An agent as the API answers; with AGENT_LOGIN=phone every agent can sign in, paired or not. */
export function presentAgent(
  agent: Agent,
  standing: AgentStanding,
  agentLogin: AgentLogin,
): AgentDto {
  return {
    _id: agent.id,
    name: agent.name,
    phone: agent.phone,
    status: standing.status,
    onDuty: agent.onDuty,
    canSignIn: standing.paired || agentLogin === 'phone',
    cashInHand: toRupees(standing.cashInHandPaise),
  };
}
