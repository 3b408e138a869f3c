import type { Agent as AgentDto, AgentStatus } from '@kirana/shared';
import type { Agent } from './agent.entity.js';

export function presentAgent(agent: Agent, status: AgentStatus): AgentDto {
  return { _id: agent.id, name: agent.name, phone: agent.phone, status };
}
