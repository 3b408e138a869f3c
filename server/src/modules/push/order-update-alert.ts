import { orderNumber, shopTimeLabel, type PushAlert } from '@kirana/shared';

/** The changes of an order its shopper is notified of. */
export type OrderUpdateKind = 'accepted' | 'picked' | 'delivered' | 'cancelled';

/** What a shopper's notification tells of a change of their order. */
export interface OrderUpdate {
  orderId: string;
  kind: OrderUpdateKind;
  /** The agent bringing it (accepted, or given to them by the seller). */
  agentName: string | null;
  /** When it should arrive. */
  promisedAt: Date | null;
  /** Why it was cancelled: the seller's reason, or the system's ("payment not completed"). */
  cancelReason: string | null;
}

/** Where a tap leads: the shopper's orders. */
export const MY_ORDERS_URL = '/my-orders';

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The notification a shopper's browser shows for a change of their order, in English (the
 * storefront's language), the time in the shop's `timeZone`: "Meena is bringing your order" /
 * "Arrives by 12:40 pm · Order #7FCAC308", "Your order is on its way", "Delivered", "Your order
 * was cancelled" / "Out of stock · Order #7FCAC308". A promise already past is not repeated.
 * Null for an acceptance whose agent is no longer known (taken back meanwhile): nothing to say.
 */
export function orderUpdateAlert(
  update: OrderUpdate,
  timeZone: string,
  now: Date,
): PushAlert | null {
  const number = `Order #${orderNumber(update.orderId)}`;
  const arrives =
    update.promisedAt && update.promisedAt.getTime() > now.getTime()
      ? `Arrives by ${shopTimeLabel(update.promisedAt, timeZone, now)}`
      : null;
  const detail = (...parts: (string | null)[]) => parts.filter(Boolean).join(' · ');
  const alert = (title: string, body: string): PushAlert => ({
    title,
    body,
    tag: update.orderId,
    url: MY_ORDERS_URL,
  });
  switch (update.kind) {
    case 'accepted':
      return update.agentName
        ? alert(`${update.agentName} is bringing your order`, detail(arrives, number))
        : null;
    case 'picked':
      return alert('Your order is on its way', detail(arrives, number));
    case 'delivered':
      return alert('Delivered', detail(number, 'Thank you for shopping with us'));
    case 'cancelled': {
      const reason = update.cancelReason?.trim();
      return alert('Your order was cancelled', detail(reason ? sentence(reason) : null, number));
    }
  }
}
