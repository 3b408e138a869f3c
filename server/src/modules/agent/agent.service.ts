import type { AgentCreateBody, AgentLoginBody, AgentStatus } from '@kirana/shared';
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import type { DomainEvents } from '../../lib/domain-events.js';
import { AppError } from '../../lib/errors.js';
import { flushUnlessTaken } from '../../lib/flush-unless-taken.js';
import { endSessionsOf } from '../session/session.service.js';
import { AgentDeviceSchema } from './agent-device.entity.js';
import { revokeAgentDevices } from './agent-device.service.js';
import type { AgentHooks } from './agent-hooks.js';
import { AgentSchema, type Agent } from './agent.entity.js';

const PHONE_TAKEN = 'An agent with this phone number already exists';

/**
 * The current agent with this phone number (agents sign in by phone alone).
 * @throws AppError UNAUTHENTICATED when no current agent has it.
 */
export async function authenticateAgent(
  em: EntityManager,
  { phone }: AgentLoginBody,
): Promise<Agent> {
  const agent = await em.findOne(AgentSchema, { phone, removedAt: null });
  if (!agent)
    throw new AppError('PHONE_NOT_REGISTERED', 'No agent is registered with this phone number');
  return agent;
}

/** @throws AppError UNAUTHENTICATED when the agent has been removed since signing in. */
export async function getAgent(em: EntityManager, id: string): Promise<Agent> {
  const agent = await em.findOne(AgentSchema, { id, removedAt: null });
  if (!agent) throw new AppError('UNAUTHENTICATED', 'Please login as agent');
  return agent;
}

/** Where an agent stands: busy or free, the cash they hold (in paise), and whether a phone is paired. */
export interface AgentStanding {
  status: AgentStatus;
  cashInHandPaise: number;
  paired: boolean;
}

/** The agents of `ids` with a paired phone (a device not revoked). */
async function pairedAgents(em: EntityManager, ids: string[]): Promise<Set<string>> {
  const devices = await em.find(
    AgentDeviceSchema,
    { agent: { $in: ids }, revokedAt: null },
    { fields: ['agent'] },
  );
  return new Set(devices.map((device) => device.agent.id));
}

/** 'On delivery' while the agent holds an undelivered order; and their cash in hand. */
export async function agentStanding(
  em: EntityManager,
  hooks: AgentHooks,
  id: string,
): Promise<AgentStanding> {
  const [busy, cash, paired] = await Promise.all([
    hooks.busy(em, [id]),
    hooks.cashInHand(em, [id]),
    pairedAgents(em, [id]),
  ]);
  return {
    status: busy.has(id) ? 'On delivery' : 'Available',
    cashInHandPaise: cash.get(id) ?? 0,
    paired: paired.has(id),
  };
}

/**
 * The shop's current agents, oldest first, each 'On delivery' while holding an undelivered
 * order, with the cash they hold and whether their phone is paired.
 */
export async function listAgents(
  em: EntityManager,
  hooks: AgentHooks,
): Promise<{ agent: Agent; standing: AgentStanding }[]> {
  const agents = await em.find(AgentSchema, { removedAt: null }, { orderBy: { createdAt: 'asc' } });
  const ids = agents.map((agent) => agent.id);
  const [busy, cash, paired] = await Promise.all([
    hooks.busy(em, ids),
    hooks.cashInHand(em, ids),
    pairedAgents(em, ids),
  ]);
  return agents.map((agent) => ({
    agent,
    standing: {
      status: busy.has(agent.id) ? 'On delivery' : 'Available',
      cashInHandPaise: cash.get(agent.id) ?? 0,
      paired: paired.has(agent.id),
    },
  }));
}

/**
 * Agent `agentId` goes on or off duty (only agents on duty are alerted to new orders); the
 * counter hears of it.
 * @throws AppError UNAUTHENTICATED for a removed agent.
 */
export async function setDuty(
  em: EntityManager,
  events: DomainEvents,
  agentId: string,
  onDuty: boolean,
): Promise<Agent> {
  const agent = await getAgent(em, agentId);
  if (agent.onDuty === onDuty) return agent;
  agent.onDuty = onDuty;
  await em.flush();
  events.publish({ type: 'agents.changed' });
  return agent;
}

/** @throws AppError CONFLICT when a current agent already has this phone number. */
export async function createAgent(
  em: EntityManager,
  events: DomainEvents,
  input: AgentCreateBody,
): Promise<Agent> {
  if (await em.count(AgentSchema, { phone: input.phone, removedAt: null })) {
    throw new AppError('CONFLICT', PHONE_TAKEN);
  }
  const agent = em.create(AgentSchema, { name: input.name, phone: input.phone });
  await flushUnlessTaken(em, PHONE_TAKEN);
  events.publish({ type: 'agents.changed' });
  return agent;
}

/**
 * Removes an agent: their sessions (and live sockets), paired phones and invites are revoked at
 * once and their undelivered orders go back to the unassigned pool, to be picked up again from the
 * start ('Order Placed'). Delivered orders keep naming them.
 * @throws AppError NOT_FOUND for an unknown or already removed agent.
 */
export async function removeAgent(
  em: EntityManager,
  events: DomainEvents,
  hooks: AgentHooks,
  id: string,
): Promise<void> {
  const released = await em.transactional(async (tx) => {
    // Locked first, before any of their orders: an accept or status change in flight holds
    // this row FOR SHARE (order-state.service.ts), so the removal waits for it and then
    // releases what it took, and any later one finds the agent removed.
    const agent = await tx.findOne(
      AgentSchema,
      { id, removedAt: null },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!agent) throw new AppError('NOT_FOUND', 'Agent not found');
    agent.removedAt = new Date();
    await revokeAgentDevices(tx, hooks, id);
    await endSessionsOf(tx, 'agent', id);
    return hooks.removed(tx, agent);
  });
  events.publish({ type: 'sessions.revoked', kind: 'agent', subjectId: id });
  for (const event of released) events.publish(event);
  events.publish({ type: 'agents.changed' });
}
