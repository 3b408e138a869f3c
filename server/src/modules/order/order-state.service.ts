/**
 * Every change of an order's state after it is placed happens here: accepting, moving its
 * status, taking payment, releasing it back to the pool. Each checks the shared order rules
 * (@kirana/shared order-machine) inside one transaction, writes a history line, and once it has
 * committed publishes an `order.changed` domain event (which the realtime module sends on).
 */
import {
  canAccept,
  canChangeStatus,
  canMarkPaid,
  canTakeBack,
  isVisibleTo,
  MESSAGES,
  refusalMessage,
  type Actor,
  type Decision,
  type OrderFacts,
  type OrderStatus,
  type Refusal,
} from '@kirana/shared';
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import type { DomainEvents } from '../../lib/domain-events.js';
import { AppError, type ErrorCode } from '../../lib/errors.js';
import { AgentSchema } from '../agent/agent.entity.js';
import { openPoolOrders, releasedOrders } from './order-queries.js';
import { OrderEventSchema, OrderSchema, type Order } from './order.entity.js';
import type { ListedOrder } from './order.presenter.js';

const REFUSAL_CODE: Record<Refusal, ErrorCode> = {
  'not-allowed': 'forbidden',
  'not-assigned': 'forbidden',
  'wrong-transition': 'conflict',
  'not-paid': 'conflict',
  'already-assigned': 'conflict',
  'already-paid': 'conflict',
  'not-cod': 'conflict',
  'not-open': 'conflict',
  unassigned: 'conflict',
  'seller-only': 'forbidden',
};

const ORDER_NOT_FOUND = 'Order not found';

export function factsOf(
  order: Pick<ListedOrder, 'status' | 'paymentType' | 'isPaid' | 'assignedTo' | 'user'>,
): OrderFacts {
  return {
    status: order.status,
    paymentType: order.paymentType,
    isPaid: order.isPaid,
    assignedTo: order.assignedTo?.id ?? null,
    userId: order.user.id,
  };
}

/**
 * Turns a refusal of the shared order rules into the AppError the caller gets.
 * @throws AppError forbidden or conflict, with the rule's message.
 */
export function enforce(decision: Decision): void {
  if (!decision.ok)
    throw new AppError(REFUSAL_CODE[decision.reason], refusalMessage[decision.reason]);
}

/**
 * Holds the agent's row FOR SHARE until the transaction ends, before any order row is touched.
 * `removeAgent` takes the same row FOR UPDATE before it releases the agent's orders, so one
 * waits for the other: a change by an agent either commits before the removal (which then
 * sees and releases what it holds) or finds the agent removed. Agent first, then orders,
 * everywhere, so the two never deadlock.
 * @throws AppError unauthenticated when the agent has been removed.
 */
async function lockCurrentAgent(tx: EntityManager, agentId: string): Promise<void> {
  const agent = await tx.findOne(
    AgentSchema,
    { id: agentId, removedAt: null },
    { lockMode: LockMode.PESSIMISTIC_READ, fields: ['id'] },
  );
  if (!agent) throw new AppError('unauthenticated', MESSAGES.loginAsAgent);
}

/**
 * Assigns an open order to the calling agent. Atomic: of any number of agents racing for one
 * order exactly one wins; accepting an order one already holds succeeds again (a retried tap).
 * @throws AppError unauthenticated for a removed agent; notFound for an order the agent cannot
 * see; conflict when another agent has it or it is no longer open.
 */
export async function acceptOrder(
  em: EntityManager,
  events: DomainEvents,
  agentId: string,
  orderId: string,
): Promise<Order> {
  const actor: Actor = { role: 'agent', id: agentId };
  const { order, taken } = await em.transactional(async (tx) => {
    await lockCurrentAgent(tx, agentId);
    const now = new Date();
    // The conditional update is the race's referee: only one transaction can match it.
    const taken = await tx.nativeUpdate(
      OrderSchema,
      { id: orderId, ...openPoolOrders },
      { assignedTo: agentId, assignedAt: now, updatedAt: now },
    );
    const order = await tx.findOne(OrderSchema, { id: orderId }, { populate: ['items.product'] });
    if (!order) throw new AppError('notFound', ORDER_NOT_FOUND);
    if (taken === 0) {
      const decision = canAccept(factsOf(order), actor);
      if (
        !decision.ok &&
        decision.reason !== 'already-assigned' &&
        !isVisibleTo(factsOf(order), actor)
      ) {
        throw new AppError('notFound', ORDER_NOT_FOUND);
      }
      enforce(decision);
      return { order, taken: false };
    }
    tx.create(OrderEventSchema, { order, type: 'accepted', actorRole: 'agent', actorId: agentId });
    return { order, taken: true };
  });
  if (taken) {
    events.publish({ type: 'order.changed', orderId, change: 'accepted' });
    events.publish({ type: 'agents.changed' });
  }
  return order;
}

/**
 * Locks the (current) agent, then one of the orders they can see, lets `change` check the rules
 * and apply itself (history line included), and saves it, all in one transaction.
 */
async function changeAgentOrder(
  em: EntityManager,
  agentId: string,
  orderId: string,
  change: (tx: EntityManager, order: Order, actor: Actor) => void,
): Promise<Order> {
  const actor: Actor = { role: 'agent', id: agentId };
  return em.transactional(async (tx) => {
    await lockCurrentAgent(tx, agentId);
    const order = await tx.findOne(
      OrderSchema,
      { id: orderId },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!order || !isVisibleTo(factsOf(order), actor))
      throw new AppError('notFound', ORDER_NOT_FOUND);
    change(tx, order, actor);
    await tx.flush();
    await tx.populate(order, ['items.product']);
    return order;
  });
}

/**
 * Moves the agent's order on: 'Order Placed' → 'Picked' → 'Delivered' (only once paid).
 * @throws AppError unauthenticated (removed agent), notFound, forbidden (not the assigned
 * agent) or conflict (any other move).
 */
export async function changeOrderStatus(
  em: EntityManager,
  events: DomainEvents,
  agentId: string,
  orderId: string,
  to: OrderStatus,
): Promise<Order> {
  const changed = await changeAgentOrder(em, agentId, orderId, (tx, order, actor) => {
    enforce(canChangeStatus(factsOf(order), to, actor));
    tx.create(OrderEventSchema, {
      order,
      type: 'status',
      actorRole: 'agent',
      actorId: agentId,
      fromStatus: order.status,
      toStatus: to,
    });
    order.status = to;
  });
  events.publish({ type: 'order.changed', orderId, change: 'status' });
  // A delivered order frees its agent.
  if (to === 'Delivered') events.publish({ type: 'agents.changed' });
  return changed;
}

/**
 * Records cash collected at the door for the agent's cash-on-delivery order; once only.
 * @throws AppError unauthenticated (removed agent), notFound, forbidden (not the assigned
 * agent) or conflict (paid, not COD).
 */
export async function markOrderPaidInCash(
  em: EntityManager,
  events: DomainEvents,
  agentId: string,
  orderId: string,
): Promise<Order> {
  const changed = await changeAgentOrder(em, agentId, orderId, (tx, order, actor) => {
    enforce(canMarkPaid(factsOf(order), actor));
    order.isPaid = true;
    order.paidAt = new Date();
    order.paidVia = 'cash';
    tx.create(OrderEventSchema, {
      order,
      type: 'paid',
      actorRole: 'agent',
      actorId: agentId,
      note: 'cash',
    });
  });
  events.publish({ type: 'order.changed', orderId, change: 'paid' });
  return changed;
}

/** Puts `order` back in the open pool, from the start ('Order Placed'), with its history line. */
function returnToPool(tx: EntityManager, order: Order, note: string): void {
  tx.create(OrderEventSchema, {
    order,
    type: 'released',
    actorRole: 'seller',
    fromStatus: order.status,
    toStatus: 'Order Placed',
    note,
  });
  order.assignedTo = null;
  order.assignedAt = null;
  order.status = 'Order Placed';
}

/**
 * Returns a removed agent's undelivered orders to the unassigned pool, to be picked up again
 * from the start ('Order Placed'). Runs inside the caller's transaction, so the caller publishes
 * the `released` changes once it commits; answers the ids of the orders released.
 */
export async function releaseAgentOrders(
  tx: EntityManager,
  agentId: string,
  reason: string,
): Promise<string[]> {
  const open = await tx.find(
    OrderSchema,
    { assignedTo: agentId, status: { $nin: ['Delivered', 'Cancelled'] } },
    { lockMode: LockMode.PESSIMISTIC_WRITE },
  );
  for (const order of open) returnToPool(tx, order, reason);
  return open.map((order) => order.id);
}

/**
 * The seller takes an order back from the agent holding it: it returns to the open pool from the
 * start ('Order Placed'), for any agent to accept; the history names the seller and the agent.
 * Only the order's row is locked, so it never waits on an agent's lock (see lockCurrentAgent).
 * @throws AppError notFound for an order the seller cannot see; conflict for one no agent holds,
 * or one delivered or cancelled.
 */
export async function takeOrderBack(
  em: EntityManager,
  events: DomainEvents,
  orderId: string,
): Promise<Order> {
  const order = await em.transactional(async (tx) => {
    const order = await tx.findOne(
      OrderSchema,
      { id: orderId, ...releasedOrders },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!order) throw new AppError('notFound', ORDER_NOT_FOUND);
    enforce(canTakeBack(factsOf(order), { role: 'seller' }));
    await tx.populate(order, ['assignedTo']);
    returnToPool(tx, order, `taken back from ${order.assignedTo?.name ?? 'its agent'}`);
    await tx.flush();
    await tx.populate(order, ['items.product']);
    return order;
  });
  events.publish({ type: 'order.changed', orderId, change: 'released' });
  // The agent may be free again.
  events.publish({ type: 'agents.changed' });
  return order;
}
