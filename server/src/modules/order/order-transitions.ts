/**
 * The one way into an order's state (Vendure's OrderStateMachine is the model): every change of
 * an order after it is placed goes through an {@link OrderChanges} inside one transaction, which
 * checks a move of status against the shared machine (@kirana/shared ORDER_TRANSITIONS), writes
 * the history line, and once the transaction has committed publishes the `order.changed` domain
 * event that names that line. No other file updates the orders table's state.
 */
import {
  isStatusMove,
  refusalMessage,
  type OrderEventType,
  type OrderStatus,
} from '@kirana/shared';
import type { EntityData, EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import { uuidv7 } from 'uuidv7';
import { retryDeadlocks } from '../../db/retry-deadlocks.js';
import type { DomainEvent, DomainEvents, OrderChange } from '../../lib/domain-events.js';
import { AppError } from '../../lib/errors.js';
import { readListedOrders } from './order-reads.js';
import { OrderEventSchema, OrderSchema, type Order, type OrderEvent } from './order.entity.js';

/** The change each kind of history line announces to listeners. */
const CHANGE_OF: Record<Exclude<OrderEventType, 'placed'>, OrderChange> = {
  accepted: 'accepted',
  assigned: 'assigned',
  status: 'status',
  paid: 'paid',
  released: 'released',
  cancelled: 'cancelled',
  expired: 'expired',
  unaccepted: 'unaccepted',
  refunded: 'refunded',
  'pin-wrong': 'pin',
  'pin-locked': 'pin',
  'pin-unlocked': 'pin',
};

/** The time an order reaches a status is kept on it (the dashboard, the shopper's screen). */
const REACHED_AT: Partial<Record<OrderStatus, 'pickedAt' | 'deliveredAt'>> = {
  Picked: 'pickedAt',
  Delivered: 'deliveredAt',
};

/** The order's new status and the time it reached it, for a move to `to`. */
const reached = (to: OrderStatus | undefined, at: Date): EntityData<Order> => {
  const stamp = to && REACHED_AT[to];
  return { ...(to && { status: to }), ...(stamp && { [stamp]: at }) };
};

type OrderChanged = Extract<DomainEvent, { type: 'order.changed' }>;

/** An event announced in a transaction: an order's change still without the order it leaves. */
type Announced = Exclude<DomainEvent, OrderChanged> | Omit<OrderChanged, 'order'>;

/** One change of an order: its history line and, when its status moves, the new status. */
export interface Transition {
  type: Exclude<OrderEventType, 'placed'>;
  actor: { role: OrderEvent['actorRole']; id?: string | null };
  /** The order's status after the change; unset when the status stays. */
  to?: OrderStatus;
  note?: string | null;
}

/**
 * The order changes of one transaction. `move` and `moveWhere` are the only writers of an
 * order's state (`refresh` keeps its refund summary); what they announce is published by
 * {@link changeOrders} after the commit.
 */
export class OrderChanges {
  private readonly announced: Announced[] = [];

  constructor(readonly tx: EntityManager) {}

  /**
   * Applies `transition` to `order`, which the caller has loaded (and locked) and checked with
   * the shared rules: sets its new status and `fields`, and writes the history line.
   * @throws AppError WRONG_STATUS when the machine has no such move of status.
   */
  move(order: Order, transition: Transition, fields: EntityData<Order> = {}): void {
    const from = order.status;
    this.assertMove(from, transition);
    this.tx.assign(order, { ...fields, ...reached(transition.to, new Date()) });
    this.write(order.id, from, transition);
  }

  /**
   * The race-safe form, for a change decided by the database: sets `fields` (and the new status)
   * on order `orderId` only if it still matches `where` (and, for a move of status, is still in
   * `from`), in one conditional UPDATE that lets exactly one of any number of racing callers
   * through, and writes the history line if it did. Answers whether this call changed the order.
   * @throws AppError WRONG_STATUS when the machine has no such move of status.
   */
  async moveWhere(
    orderId: string,
    where: FilterQuery<Order>,
    fields: EntityData<Order>,
    transition: Transition & { from?: OrderStatus },
  ): Promise<boolean> {
    const { from, to } = transition;
    if (to && !from) throw new Error('A conditional move of status names the status it leaves');
    if (from) this.assertMove(from, transition);
    const now = new Date();
    const changed = await this.tx.nativeUpdate(
      OrderSchema,
      { $and: [where, { id: orderId, ...(from && { status: from }) }] },
      { ...fields, ...reached(to, now), updatedAt: now },
    );
    if (changed === 0) return false;
    this.write(orderId, from ?? null, transition);
    return true;
  }

  /**
   * Keeps an order's derived facts (its refund summary) up to date: no move, no history line,
   * still announced as `change`.
   */
  async refresh(orderId: string, fields: EntityData<Order>, change: OrderChange): Promise<void> {
    await this.tx.nativeUpdate(OrderSchema, { id: orderId }, { ...fields, updatedAt: new Date() });
    this.announced.push({ type: 'order.changed', orderId, change, historyId: null });
  }

  /** Publishes `event` too once the transaction commits, e.g. a product's count that changed. */
  also(event: DomainEvent): void {
    this.announced.push(event);
  }

  /**
   * The events announced, in order, each order change with the order as this transaction leaves
   * it (read in one query): call last in the transaction, and publish them only after it commits.
   */
  async events(): Promise<DomainEvent[]> {
    const ids = new Set(
      this.announced.flatMap((event) => ('change' in event ? event.orderId : [])),
    );
    if (ids.size === 0) return this.announced as DomainEvent[];
    await this.tx.flush();
    const orders = new Map((await readListedOrders(this.tx, [...ids])).map((o) => [o.id, o]));
    return this.announced.map((event) => {
      if (!('change' in event)) return event;
      const order = orders.get(event.orderId);
      if (!order) throw new Error(`Order ${event.orderId} changed, then not found`);
      return { ...event, order };
    });
  }

  private assertMove(from: OrderStatus, { to, actor }: Transition): void {
    if (to && !isStatusMove(from, to, actor.role)) {
      throw new AppError('WRONG_STATUS', refusalMessage['wrong-transition']);
    }
  }

  private write(orderId: string, from: OrderStatus | null, transition: Transition): void {
    // Its id now (not at the flush), for the event that names it.
    const line = this.tx.create(OrderEventSchema, {
      id: uuidv7(),
      order: orderId,
      type: transition.type,
      actorRole: transition.actor.role,
      actorId: transition.actor.id ?? null,
      fromStatus: transition.to ? from : null,
      toStatus: transition.to ?? null,
      note: transition.note?.slice(0, 200) || null,
    });
    this.announced.push({
      type: 'order.changed',
      orderId,
      change: CHANGE_OF[transition.type],
      historyId: line.id,
    });
  }
}

/**
 * Runs `work` in one transaction (again, from the start, when PostgreSQL ends it to break a
 * deadlock) with the {@link OrderChanges} to make its changes through, and once it has
 * committed publishes every event they announced. A `work` that throws publishes nothing.
 */
export async function changeOrders<T>(
  em: EntityManager,
  events: DomainEvents,
  work: (changes: OrderChanges) => Promise<T>,
): Promise<T> {
  const { result, announced } = await retryDeadlocks(() =>
    em.transactional(async (tx) => {
      const changes = new OrderChanges(tx);
      const result = await work(changes);
      return { result, announced: await changes.events() };
    }),
  );
  for (const event of announced) events.publish(event);
  return result;
}
