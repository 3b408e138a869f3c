/**
 * Every change of an order's state after it is placed happens here: accepting, moving its
 * status (checking the delivery PIN), taking payment in cash, cancelling, assigning, releasing
 * it and unlocking its PIN. Each checks the shared order rules (@kirana/shared order-machine)
 * inside one transaction, writes a history line, and once it has committed publishes an `order.changed` domain event (which the realtime module sends on).
 */
import {
  canAccept,
  canAssign,
  canCancel,
  canChangeStatus,
  canMarkPaid,
  canTakeBack,
  DELIVERY_PIN_LOCKED,
  DELIVERY_PIN_MISSING,
  DELIVERY_PIN_TRIES,
  formatAmount,
  isVisibleTo,
  MESSAGES,
  ORDER_CURRENCY,
  toRupees,
  type Actor,
  type OrderStatus,
  wrongPinMessage,
} from '@kirana/shared';
import { timingSafeEqual } from 'node:crypto';
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { retryDeadlocks } from '../../db/retry-deadlocks.js';
import type { DomainEvents } from '../../lib/domain-events.js';
import { AppError } from '../../lib/errors.js';
import { AgentSchema } from '../agent/agent.entity.js';
import {
  cashCollectorOf,
  lockCashOf,
  recordCashGivenBack,
  recordCollection,
} from '../cash/cash.service.js';
import { refundOrderPayments } from '../payment/payment.service.js';
import { putBackUnits } from '../product/stock.js';
import { openPoolOrders, releasedOrders } from './order-queries.js';
import { enforce, factsOf } from './order-rules.js';
import { OrderEventSchema, OrderSchema, type Order } from './order.entity.js';

const ORDER_NOT_FOUND = 'Order not found';

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

/** Whether `entered` is the order's PIN, compared in constant time. */
function pinMatches(pin: string, entered: string): boolean {
  const a = Buffer.from(pin);
  const b = Buffer.from(entered);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Moves the agent's order on: 'Order Placed' → 'Picked' → 'Delivered' (only once paid, and with
 * its shopper's delivery PIN when it has one). A wrong PIN is counted, and written to the
 * history, even though the change is refused; the last of DELIVERY_PIN_TRIES locks the order
 * until the seller unlocks it (unlockDeliveryPin).
 * @throws AppError unauthenticated (removed agent), notFound, forbidden (not the assigned
 * agent), conflict (any other move), invalid (PIN missing or wrong) or tooMany (locked).
 */
export async function changeOrderStatus(
  em: EntityManager,
  events: DomainEvents,
  agentId: string,
  orderId: string,
  to: OrderStatus,
  pin?: string,
): Promise<Order> {
  // Set when a wrong PIN is counted: thrown once that count has committed.
  const wrong: { refusal?: AppError } = {};
  const changed = await changeAgentOrder(em, agentId, orderId, (tx, order, actor) => {
    enforce(canChangeStatus(factsOf(order), to, actor));
    const checksPin = to === 'Delivered' && order.deliveryPin !== null;
    if (checksPin) {
      if (order.pinLockedAt) throw new AppError('tooMany', DELIVERY_PIN_LOCKED);
      if (pin === undefined) throw new AppError('invalid', DELIVERY_PIN_MISSING);
      if (!pinMatches(order.deliveryPin ?? '', pin)) {
        // Kept: the transaction commits the count, then the request is refused.
        order.pinFailures += 1;
        const left = DELIVERY_PIN_TRIES - order.pinFailures;
        if (left <= 0) order.pinLockedAt = new Date();
        tx.create(OrderEventSchema, {
          order,
          type: left <= 0 ? 'pin-locked' : 'pin-wrong',
          actorRole: 'agent',
          actorId: agentId,
          note: `wrong PIN ${order.pinFailures} of ${DELIVERY_PIN_TRIES}`,
        });
        wrong.refusal = new AppError(left <= 0 ? 'tooMany' : 'invalid', wrongPinMessage(left));
        return;
      }
    }
    tx.create(OrderEventSchema, {
      order,
      type: 'status',
      actorRole: 'agent',
      actorId: agentId,
      fromStatus: order.status,
      toStatus: to,
      note: checksPin ? 'delivery PIN matched' : null,
    });
    order.status = to;
  });
  if (wrong.refusal) {
    // The seller's screen shows the lock at once.
    if (changed.pinLockedAt) events.publish({ type: 'order.changed', orderId, change: 'pin' });
    throw wrong.refusal;
  }
  events.publish({ type: 'order.changed', orderId, change: 'status' });
  // A delivered order frees its agent.
  if (to === 'Delivered') events.publish({ type: 'agents.changed' });
  return changed;
}

/**
 * The seller lets the agent try the delivery PIN again after a lock: the count of wrong PINs
 * starts over. Unlocking an order that is not locked answers it unchanged.
 * @throws AppError notFound for an order the seller cannot see.
 */
export async function unlockDeliveryPin(
  em: EntityManager,
  events: DomainEvents,
  orderId: string,
): Promise<Order> {
  const { order, changed } = await em.transactional(async (tx) => {
    const order = await tx.findOne(
      OrderSchema,
      { id: orderId, ...releasedOrders },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!order) throw new AppError('notFound', ORDER_NOT_FOUND);
    const changed = order.pinLockedAt !== null;
    if (changed) {
      tx.create(OrderEventSchema, { order, type: 'pin-unlocked', actorRole: 'seller' });
      order.pinLockedAt = null;
      order.pinFailures = 0;
      await tx.flush();
    }
    await tx.populate(order, ['items.product', 'assignedTo']);
    return { order, changed };
  });
  if (changed) events.publish({ type: 'order.changed', orderId, change: 'pin' });
  return order;
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
    recordCollection(tx, agentId, order);
    tx.create(OrderEventSchema, {
      order,
      type: 'paid',
      actorRole: 'agent',
      actorId: agentId,
      note: 'cash',
    });
  });
  events.publish({ type: 'order.changed', orderId, change: 'paid' });
  events.publish({ type: 'cash.changed', agentId });
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
  order.offeredAt = new Date();
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

const rupees = (paise: number) => formatAmount(toRupees(paise), ORDER_CURRENCY);

/** The history's word on the cash of a cancelled order paid in cash, `fromTillPaise` of it handed over already. */
function cashNote(order: Order, fromTillPaise: number): string {
  const note = `${rupees(order.amountPaise)} was paid in cash: give it back by hand`;
  return fromTillPaise > 0 ? `${note} (${rupees(fromTillPaise)} of it from the till)` : note;
}

/** Who may cancel an order, and the seller's reason (a shopper gives none). */
export type Canceller = { role: 'user'; id: string } | { role: 'seller'; reason: string };

/**
 * Cancels an order: its shopper until it is picked, the seller until it is delivered, per the
 * shared rules. In one transaction the units it took go back to stock and every online payment
 * it took is written down for a refund (the payments processor then asks the provider, with an
 * idempotency key: one refund whatever is retried). The same cancel again (same canceller and
 * reason) answers the order unchanged, so a retried request succeeds and refunds nothing more.
 * Answers the order and whether a refund is on its way.
 * @throws AppError notFound for an order the canceller cannot see; forbidden or conflict when
 * the rules refuse (an order someone else cancelled, or with another reason, included).
 */
export async function cancelOrder(
  em: EntityManager,
  events: DomainEvents,
  canceller: Canceller,
  orderId: string,
): Promise<{ order: Order; refunding: boolean }> {
  const actor: Actor = canceller.role === 'user' ? canceller : { role: 'seller' };
  const done = await retryDeadlocks(() =>
    em.transactional(async (tx) => {
      // Agent first, then the order, as everywhere: the cash of the agent who took it is locked
      // before the order, so that a handover cannot move it under the give-back.
      const collector = await cashCollectorOf(tx, orderId);
      if (collector) await lockCashOf(tx, collector);
      const order = await tx.findOne(
        OrderSchema,
        { id: orderId },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!order || !isVisibleTo(factsOf(order), actor))
        throw new AppError('notFound', ORDER_NOT_FOUND);
      const reason = canceller.role === 'seller' ? canceller.reason : null;
      // The same cancel again (a retried request) answers the order as it is; any other is refused.
      const retried =
        order.status === 'Cancelled' &&
        order.cancelledBy === actor.role &&
        order.cancelReason === reason;
      if (retried) return { order, changed: null };
      enforce(canCancel(factsOf(order), actor));

      const givenBack = order.paidVia === 'cash' ? await recordCashGivenBack(tx, order) : null;
      const cash = order.paidVia === 'cash' ? cashNote(order, givenBack?.fromTillPaise ?? 0) : null;
      tx.create(OrderEventSchema, {
        order,
        type: 'cancelled',
        actorRole: actor.role,
        actorId: canceller.role === 'user' ? canceller.id : null,
        fromStatus: order.status,
        toStatus: 'Cancelled',
        // The cash note first: a long reason must not cut it off.
        note: [cash, reason].filter(Boolean).join('; ').slice(0, 200) || null,
      });
      Object.assign(order, {
        status: 'Cancelled',
        cancelledAt: new Date(),
        cancelledBy: actor.role,
        cancelReason: reason,
      });
      await tx.flush();

      const restocked = await putBackUnits(tx, orderId);
      const refunds =
        order.paidVia === 'online'
          ? await refundOrderPayments(
              tx,
              orderId,
              reason ? `cancelled by the shop: ${reason}` : 'cancelled by the shopper',
            )
          : [];
      await tx.refresh(order, { populate: ['items.product', 'assignedTo'] });
      return { order, changed: { restocked, refunds, cashFrom: givenBack?.agentId } };
    }),
  );

  const { order, changed } = done;
  if (changed) {
    events.publish({ type: 'order.changed', orderId, change: 'cancelled' });
    for (const productId of changed.restocked)
      events.publish({ type: 'product.changed', productId });
    for (const refundId of changed.refunds) events.publish({ type: 'refund.requested', refundId });
    if (changed.cashFrom) events.publish({ type: 'cash.changed', agentId: changed.cashFrom });
    // Its agent may be free again.
    if (order.assignedTo) events.publish({ type: 'agents.changed' });
  } else {
    await em.populate(order, ['items.product', 'assignedTo']);
  }
  return { order, refunding: order.refundStatus === 'pending' };
}

/**
 * The seller hands an open order to agent `agentId`, as if the agent had accepted it; the
 * history names the seller and the agent. Assigning it again to the same agent answers it
 * unchanged. Agent first, then the order, as everywhere (see lockCurrentAgent).
 * @throws AppError notFound for an unknown or removed agent, or an order the seller cannot see;
 * conflict when another agent holds it or it is not open.
 */
export async function assignOrder(
  em: EntityManager,
  events: DomainEvents,
  orderId: string,
  agentId: string,
): Promise<Order> {
  const { order, changed } = await em.transactional(async (tx) => {
    const agent = await tx.findOne(
      AgentSchema,
      { id: agentId, removedAt: null },
      { lockMode: LockMode.PESSIMISTIC_READ },
    );
    if (!agent) throw new AppError('notFound', 'Agent not found: they may have been removed');
    const order = await tx.findOne(
      OrderSchema,
      { id: orderId, ...releasedOrders },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!order) throw new AppError('notFound', ORDER_NOT_FOUND);
    enforce(canAssign(factsOf(order), { role: 'seller' }, agentId));
    const changed = order.assignedTo?.id !== agentId;
    if (changed) {
      tx.create(OrderEventSchema, {
        order,
        type: 'assigned',
        actorRole: 'seller',
        note: agent.name,
      });
      order.assignedTo = agent;
      order.assignedAt = new Date();
      await tx.flush();
    }
    await tx.populate(order, ['items.product', 'assignedTo']);
    return { order, changed };
  });
  if (changed) {
    events.publish({ type: 'order.changed', orderId, change: 'assigned' });
    events.publish({ type: 'agents.changed' });
  }
  return order;
}
