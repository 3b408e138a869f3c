import { formatAmount, MESSAGES, ORDER_CURRENCY, orderNumber } from '@kirana/shared';
import type { SellerOrder } from '@kirana/shared';

export interface OrderNotice {
  title: string;
  body: string;
}

/** A notification on screen, as far as the alerts need it. */
export interface ShownNotification {
  close(): void;
}

export interface OrderAlertsDeps {
  /** Shows a native notification; `onClick` runs when the seller clicks it. */
  showNotification(notice: OrderNotice, onClick: () => void): ShownNotification;
  /** Plays the new-order sound once. */
  chime(): void;
  /** The number of unacknowledged orders changed: badge, tray. */
  onUnreadChange(count: number): void;
  /** The seller clicked a notification: bring the window up on the orders screen. */
  openOrders(): void;
  /** How often the sound repeats while any order is unacknowledged. */
  chimeEveryMs?: number;
}

export const CHIME_EVERY_MS = 20_000;
/** Ids remembered so a repeated order stays quiet; far more than a shop's orders in a day. */
export const MAX_KNOWN_ORDERS = 10_000;
/** No-agent notifications kept at once. */
export const MAX_WAITING_NOTICES = 50;

/** "New order" / "₹245.00 · 3 items" */
export function newOrderNotice(order: Pick<SellerOrder, 'amount' | 'items'>): OrderNotice {
  const lines = order.items.length;
  return {
    title: 'New order',
    body: `${formatAmount(order.amount, ORDER_CURRENCY)} · ${lines} ${lines === 1 ? 'item' : 'items'}`,
  };
}

/** "No agent for order #1A2B3C4D" / "₹245.00 · nobody has accepted it yet: assign it to an agent" */
export function unacceptedNotice(order: Pick<SellerOrder, '_id' | 'amount'>): OrderNotice {
  return {
    title: MESSAGES.noAgentTitle(orderNumber(order._id)),
    body: MESSAGES.noAgentBody(formatAmount(order.amount, ORDER_CURRENCY)),
  };
}

/**
 * The new-order alerts: one notification per order id the app has not seen before, a sound now
 * and every {@link CHIME_EVERY_MS} while any order is unacknowledged, and the unacknowledged
 * count for the badge. An id already known (shown before, or acknowledged) is ignored.
 */
export class OrderAlerts {
  readonly #deps: OrderAlertsDeps;
  readonly #known = new Set<string>();
  /** Unacknowledged orders and their notifications, kept referenced so clicks still arrive. */
  readonly #unread = new Map<string, ShownNotification>();
  /** The latest no-agent notification of each order, until the order is acknowledged. */
  readonly #waiting = new Map<string, ShownNotification>();
  #chimeTimer: ReturnType<typeof setInterval> | null = null;

  constructor(deps: OrderAlertsDeps) {
    this.#deps = deps;
  }

  get unread(): number {
    return this.#unread.size;
  }

  /** Alerts for the orders not seen before; returns how many those were. */
  add(orders: readonly Pick<SellerOrder, '_id' | 'amount' | 'items'>[]): number {
    let added = 0;
    for (const order of orders) {
      if (this.#known.has(order._id)) continue;
      this.#remember(order._id);
      const notification = this.#deps.showNotification(newOrderNotice(order), () =>
        this.#deps.openOrders(),
      );
      this.#unread.set(order._id, notification);
      added += 1;
    }
    if (added > 0) {
      this.#deps.onUnreadChange(this.unread);
      this.#deps.chime();
      this.#chimeTimer ??= setInterval(
        () => this.#deps.chime(),
        this.#deps.chimeEveryMs ?? CHIME_EVERY_MS,
      );
    }
    return added;
  }

  /**
   * An open order no agent has taken: a notification (replacing the order's previous one) and
   * the sound, once. It is not counted as unread: the server repeats it while nobody takes it.
   */
  unaccepted(order: Pick<SellerOrder, '_id' | 'amount'>): void {
    this.#waiting.get(order._id)?.close();
    this.#waiting.delete(order._id);
    // The oldest go first: an order waiting that long has been told about many times.
    for (const [id, notification] of this.#waiting) {
      if (this.#waiting.size < MAX_WAITING_NOTICES) break;
      notification.close();
      this.#waiting.delete(id);
    }
    this.#waiting.set(
      order._id,
      this.#deps.showNotification(unacceptedNotice(order), () => this.#deps.openOrders()),
    );
    this.#deps.chime();
  }

  /**
   * The seller has seen these orders: close their notifications and stop counting them. An id
   * not yet announced is remembered, so announcing it later stays quiet.
   */
  acknowledge(orderIds: readonly string[]): void {
    let changed = false;
    for (const id of orderIds) {
      this.#remember(id);
      this.#waiting.get(id)?.close();
      this.#waiting.delete(id);
      const notification = this.#unread.get(id);
      if (notification === undefined) continue;
      notification.close();
      this.#unread.delete(id);
      changed = true;
    }
    if (!changed) return;
    this.#deps.onUnreadChange(this.unread);
    if (this.unread === 0) this.#stopChime();
  }

  /** Stops the sound; notifications stay with the system. */
  dispose(): void {
    this.#stopChime();
  }

  #remember(id: string): void {
    if (this.#known.has(id)) return;
    this.#known.add(id);
    // Forget the oldest acknowledged ids first; an unacknowledged one is never forgotten.
    for (const old of this.#known) {
      if (this.#known.size <= MAX_KNOWN_ORDERS) break;
      if (!this.#unread.has(old)) this.#known.delete(old);
    }
  }

  #stopChime(): void {
    if (this.#chimeTimer !== null) clearInterval(this.#chimeTimer);
    this.#chimeTimer = null;
  }
}
