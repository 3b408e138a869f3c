import type { EntityManager } from '@mikro-orm/postgresql';
import type { DomainEvent } from '../../lib/domain-events.js';
import type { Agent } from './agent.entity.js';

/**
 * What the modules above agent know of agents and do in an agent's own transactions, so that
 * agent depends on none of them (wired in server/src/wiring.ts): whether an agent is out
 * delivering (order), the cash each holds (cash), forgetting a revoked phone's alerts (push),
 * and returning a removed agent's orders to the pool (order).
 */
export interface AgentHooks {
  /** The agents of `ids` holding an order they have still to deliver. */
  busy(em: EntityManager, ids: readonly string[]): Promise<Set<string>>;
  /** The cash each of `ids` holds, in paise (none for one who holds nothing). */
  cashInHand(em: EntityManager, ids: readonly string[]): Promise<Map<string, number>>;
  /** In the transaction that revokes the agent's phones (a new invite, a removal). */
  phonesRevoked(tx: EntityManager, agentId: string): Promise<void>;
  /**
   * In the transaction that removes `agent`, once their phones and sessions are revoked;
   * answers the events to publish after the commit.
   */
  removed(tx: EntityManager, agent: Agent): Promise<readonly DomainEvent[]>;
}
