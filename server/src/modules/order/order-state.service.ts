/**
 * What people do to an order after it is placed: accepting, moving its status (checking the
 * delivery PIN), assigning, releasing it and unlocking its PIN; cancelling is beside it
 * (order-cancel.service.ts). Each checks the shared order rules (@kirana/shared order-machine)
 * and makes its change through order-transitions.ts, which writes the history line and
 * publishes the domain event.
 */
import {
  canAccept,
  canAssign,
  canChangeStatus,
  canTakeBack,
  DELIVERY_PIN_LOCKED,
  DELIVERY_PIN_MISSING,
  DELIVERY_PIN_TRIES,
  isVisibleTo,
  MESSAGES,
  type Actor,
  type OrderStatus,
  wrongPinMessage,
} from '@kirana/shared';
import { timingSafeEqual } from 'node:crypto';
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import type { DomainEvent, DomainEvents } from '../../lib/domain-events.js';
import { AppError } from '../../lib/errors.js';
import { AgentSchema, type Agent } from '../agent/agent.entity.js';
import { openPoolOrders, releasedOrders } from './order-queries.js';
import { enforce, factsOf } from './order-rules.js';
import { changeOrders, OrderChanges } from './order-transitions.js';
import { OrderSchema, type Order } from './order.entity.js';

const ORDER_NOT_FOUND = 'Order not found';

/**
 * Holds the agent's row FOR SHARE until the transaction ends, before any order row is touched.
 * `removeAgent` takes the same row FOR UPDATE before it releases the agent's orders, so one
 * waits for the other: a change by an agent either commits before the removal (which then
 * sees and releases what it holds) or finds the agent removed. Agent first, then orders,
 * everywhere, so the two never deadlock.
 * @throws AppError UNAUTHENTICATED when the agent has been removed.
 */
async function lockCurrentAgent(tx: EntityManager, agentId: string): Promise<void> {
  const agent = await tx.findOne(
    AgentSchema,
    { id: agentId, removedAt: null },
    { lockMode: LockMode.PESSIMISTIC_READ, fields: ['id'] },
  );
  if (!agent) throw new AppError('UNAUTHENTICATED', MESSAGES.loginAsAgent);
}

/** `work` as agent `agentId`, in one transaction that first locks the agent (lockCurrentAgent). */
function changeAsAgent<T>(
  em: EntityManager,
  events: DomainEvents,
  agentId: string,
  work: (changes: OrderChanges, actor: Actor) => Promise<T>,
): Promise<T> {
  const actor: Actor = { role: 'agent', id: agentId };
  return changeOrders(em, events, async (changes) => {
    await lockCurrentAgent(changes.tx, agentId);
    return work(changes, actor);
  });
}

/**
 * Assigns an open order to the calling agent. Atomic: of any number of agents racing for one
 * order exactly one wins; accepting an order one already holds succeeds again (a retried tap).
 * @throws AppError UNAUTHENTICATED for a removed agent; NOT_FOUND for an order the agent cannot
 * see; conflict when another agent has it or it is no longer open.
 */
export async function acceptOrder(
  em: EntityManager,
  events: DomainEvents,
  agentId: string,
  orderId: string,
): Promise<Order> {
  return changeAsAgent(em, events, agentId, async (changes, actor) => {
    const { tx } = changes;
    // The conditional update is the race's referee: only one transaction can match it.
    const taken = await changes.moveWhere(
      orderId,
      openPoolOrders,
      { assignedTo: agentId, assignedAt: new Date() },
      { type: 'accepted', actor },
    );
    const order = await tx.findOne(OrderSchema, { id: orderId }, { populate: ['items.product'] });
    if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
    if (!taken) {
      const decision = canAccept(factsOf(order), actor);
      if (
        !decision.ok &&
        decision.reason !== 'already-assigned' &&
        !isVisibleTo(factsOf(order), actor)
      ) {
        throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
      }
      enforce(decision);
      return order;
    }
    changes.also({ type: 'agents.changed' });
    return order;
  });
}

/**
 * Locks the (current) agent, then one of the orders they can see, lets `change` check the rules
 * and make itself through `changes`, and saves it, all in one transaction.
 * @throws AppError UNAUTHENTICATED (removed agent) or NOT_FOUND, and whatever `change` throws.
 */
export async function changeAgentOrder(
  em: EntityManager,
  events: DomainEvents,
  agentId: string,
  orderId: string,
  change: (changes: OrderChanges, order: Order, actor: Actor) => void | Promise<void>,
): Promise<Order> {
  return changeAsAgent(em, events, agentId, async (changes, actor) => {
    const { tx } = changes;
    const order = await tx.findOne(
      OrderSchema,
      { id: orderId },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!order || !isVisibleTo(factsOf(order), actor))
      throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
    await change(changes, order, actor);
    await tx.flush();
    // Read again: a step may have issued its documents (an invoice on Picked).
    await tx.refresh(order, { populate: ['items.product'] });
    return order;
  });
}

/** Whether `entered` is the order's PIN, compared in constant time. */
function pinMatches(pin: string, entered: string): boolean {
  const a = Buffer.from(pin);
  const b = Buffer.from(entered);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * What picking an order does beyond the order, in the transaction that moves it (wiring.ts): its
 * invoice is issued, the goods leaving the shop.
 */
export interface PickedStep {
  /** Runs once `order` has moved to 'Picked', making its changes through `changes`. */
  picked(changes: OrderChanges, order: Order): Promise<void>;
}

/**
 * What delivering an order does beyond the order, in the transaction that moves it (wiring.ts):
 * a khata order's amount goes on its shopper's khata.
 */
export interface DeliveryStep {
  /** Runs once `order` has moved to 'Delivered', making its changes through `changes`. */
  delivered(changes: OrderChanges, order: Order): Promise<void>;
}

/** What moving an order on does beyond the order, by the status it reaches. */
export interface StatusSteps {
  picked: readonly PickedStep[];
  delivered: readonly DeliveryStep[];
}

/**
 * Moves the agent's order on: 'Order Placed' → 'Picked' → 'Delivered' (only once settled: paid,
 * or on the khata; and with its shopper's delivery PIN when it has one), running each of `steps`
 * for the status it reaches (its invoice on Picked, its khata on delivery) in the same
 * transaction, and answering the order as it is then, its documents included. A wrong PIN is
 * counted, and written to the history, even though the change is refused; the last of
 * DELIVERY_PIN_TRIES locks the order until the seller unlocks it (unlockDeliveryPin).
 * @throws AppError UNAUTHENTICATED (removed agent), NOT_FOUND, FORBIDDEN (not the assigned
 * agent), a refusal's code (order-rules.ts), PIN_MISSING, PIN_WRONG (with triesLeft) or
 * PIN_LOCKED; and whatever a step throws (nothing is then changed).
 */
export async function changeOrderStatus(
  em: EntityManager,
  events: DomainEvents,
  agentId: string,
  orderId: string,
  to: OrderStatus,
  pin?: string,
  steps: StatusSteps = { picked: [], delivered: [] },
): Promise<Order> {
  // Set when a wrong PIN is counted: thrown once that count has committed.
  const wrong: { refusal?: AppError } = {};
  const changed = await changeAgentOrder(
    em,
    events,
    agentId,
    orderId,
    async (changes, order, actor) => {
      enforce(canChangeStatus(factsOf(order), to, actor));
      const checksPin = to === 'Delivered' && order.deliveryPin !== null;
      if (checksPin) {
        if (order.pinLockedAt) throw new AppError('PIN_LOCKED', DELIVERY_PIN_LOCKED);
        if (pin === undefined) throw new AppError('PIN_MISSING', DELIVERY_PIN_MISSING);
        if (!pinMatches(order.deliveryPin ?? '', pin)) {
          // Kept: the transaction commits the count, then the request is refused.
          const failures = order.pinFailures + 1;
          const left = DELIVERY_PIN_TRIES - failures;
          changes.move(
            order,
            {
              type: left <= 0 ? 'pin-locked' : 'pin-wrong',
              actor,
              note: `wrong PIN ${failures} of ${DELIVERY_PIN_TRIES}`,
            },
            { pinFailures: failures, ...(left <= 0 && { pinLockedAt: new Date() }) },
          );
          wrong.refusal = new AppError(
            left <= 0 ? 'PIN_LOCKED' : 'PIN_WRONG',
            wrongPinMessage(left),
            {
              triesLeft: Math.max(left, 0),
            },
          );
          return;
        }
      }
      changes.move(order, {
        type: 'status',
        actor,
        to,
        note: checksPin ? 'delivery PIN matched' : null,
      });
      if (to === 'Picked') for (const step of steps.picked) await step.picked(changes, order);
      if (to !== 'Delivered') return;
      // A delivered order frees its agent.
      changes.also({ type: 'agents.changed' });
      for (const step of steps.delivered) await step.delivered(changes, order);
    },
  );
  if (wrong.refusal) throw wrong.refusal;
  return changed;
}

/**
 * Order `orderId` as the seller may change it (released to the shop), its row locked.
 * @throws AppError NOT_FOUND for an order the seller cannot see.
 */
async function lockSellersOrder(tx: EntityManager, orderId: string): Promise<Order> {
  const order = await tx.findOne(
    OrderSchema,
    { id: orderId, ...releasedOrders },
    { lockMode: LockMode.PESSIMISTIC_WRITE },
  );
  if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  return order;
}

/**
 * Locks order `orderId` as the seller may change it, lets `change` make itself through `changes`
 * and saves it, all in one transaction; answers the order with its items and agent.
 * @throws AppError NOT_FOUND for an order the seller cannot see, and whatever `change` throws.
 */
function changeSellersOrder(
  em: EntityManager,
  events: DomainEvents,
  orderId: string,
  change: (changes: OrderChanges, order: Order) => Promise<void>,
): Promise<Order> {
  return changeOrders(em, events, async (changes) => {
    const { tx } = changes;
    const order = await lockSellersOrder(tx, orderId);
    await change(changes, order);
    await tx.flush();
    await tx.populate(order, ['items.product', 'assignedTo']);
    return order;
  });
}

/**
 * The seller lets the agent try the delivery PIN again after a lock: the count of wrong PINs
 * starts over. Unlocking an order that is not locked answers it unchanged.
 * @throws AppError NOT_FOUND for an order the seller cannot see.
 */
export async function unlockDeliveryPin(
  em: EntityManager,
  events: DomainEvents,
  orderId: string,
): Promise<Order> {
  return changeSellersOrder(em, events, orderId, async (changes, order) => {
    if (order.pinLockedAt === null) return;
    changes.move(
      order,
      { type: 'pin-unlocked', actor: { role: 'seller' } },
      { pinLockedAt: null, pinFailures: 0 },
    );
  });
}

/** Puts `order` back in the open pool, from the start ('Order Placed'), with its history line. */
function returnToPool(changes: OrderChanges, order: Order, note: string): void {
  changes.move(
    order,
    { type: 'released', actor: { role: 'seller' }, to: 'Order Placed', note },
    { assignedTo: null, assignedAt: null, offeredAt: new Date() },
  );
}

/**
 * Returns a removed agent's undelivered orders to the unassigned pool, to be picked up again
 * from the start ('Order Placed'), in the removal's own transaction (AgentHooks.removed); answers
 * the events to publish once it commits.
 */
export async function releaseRemovedAgentOrders(
  tx: EntityManager,
  agent: Agent,
): Promise<readonly DomainEvent[]> {
  const changes = new OrderChanges(tx);
  const open = await tx.find(
    OrderSchema,
    { assignedTo: agent.id, status: { $nin: ['Delivered', 'Cancelled'] } },
    { lockMode: LockMode.PESSIMISTIC_WRITE },
  );
  for (const order of open) returnToPool(changes, order, `agent ${agent.name} removed`);
  return changes.events();
}

/**
 * The seller takes an order back from the agent holding it: it returns to the open pool from the
 * start ('Order Placed'), for any agent to accept; the history names the seller and the agent.
 * Only the order's row is locked, so it never waits on an agent's lock (see lockCurrentAgent).
 * @throws AppError NOT_FOUND for an order the seller cannot see; CONFLICT for one no agent holds,
 * or one delivered or cancelled.
 */
export async function takeOrderBack(
  em: EntityManager,
  events: DomainEvents,
  orderId: string,
): Promise<Order> {
  return changeSellersOrder(em, events, orderId, async (changes, order) => {
    enforce(canTakeBack(factsOf(order), { role: 'seller' }));
    await changes.tx.populate(order, ['assignedTo']);
    returnToPool(changes, order, `taken back from ${order.assignedTo?.name ?? 'its agent'}`);
    // The agent may be free again.
    changes.also({ type: 'agents.changed' });
  });
}

/**
 * The seller hands an open order to agent `agentId`, as if the agent had accepted it; the
 * history names the seller and the agent. Assigning it again to the same agent answers it
 * unchanged. Agent first, then the order, as everywhere (see lockCurrentAgent).
 * @throws AppError NOT_FOUND for an unknown or removed agent, or an order the seller cannot see;
 * conflict when another agent holds it or it is not open.
 */
export async function assignOrder(
  em: EntityManager,
  events: DomainEvents,
  orderId: string,
  agentId: string,
): Promise<Order> {
  return changeOrders(em, events, async (changes) => {
    const { tx } = changes;
    const agent = await tx.findOne(
      AgentSchema,
      { id: agentId, removedAt: null },
      { lockMode: LockMode.PESSIMISTIC_READ },
    );
    if (!agent) throw new AppError('NOT_FOUND', 'Agent not found: they may have been removed');
    const order = await lockSellersOrder(tx, orderId);
    enforce(canAssign(factsOf(order), { role: 'seller' }, agentId));
    if (order.assignedTo?.id !== agentId) {
      changes.move(
        order,
        { type: 'assigned', actor: { role: 'seller' }, note: agent.name },
        { assignedTo: agent, assignedAt: new Date() },
      );
      changes.also({ type: 'agents.changed' });
      await tx.flush();
    }
    await tx.populate(order, ['items.product', 'assignedTo']);
    return order;
  });
}
