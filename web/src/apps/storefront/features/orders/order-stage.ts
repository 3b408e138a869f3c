import {
  awaitsOnlinePayment,
  shopperBadge,
  type CancelledBy,
  type Order,
  type ShopperBadge,
} from '@kirana/shared';

/** What a shopper's order card shows where the progress bar goes. */
export type OrderStage =
  | {
      kind: 'awaiting-payment';
      /** Until when the payment is taken (null: the server did not say). */
      payBy: string | null;
      /** Whether 'Pay now' is offered: the time to pay has not run out. */
      canPay: boolean;
    }
  | { kind: 'cancelled'; by: CancelledBy | null; reason: string | null; at: string | null }
  | { kind: 'progress' };

/**
 * Where `order` stands for its shopper at time `now` (ms since the epoch): an online order
 * placed but not paid awaits its payment (payable until `payBy`; the server cancels it after);
 * a cancelled order shows who cancelled it and why; any other shows its progress bar.
 */
export function orderStage(order: Order, now: number): OrderStage {
  if (order.status === 'Cancelled') {
    return {
      kind: 'cancelled',
      by: order.cancelledBy,
      reason: order.cancelReason,
      at: order.cancelledAt,
    };
  }
  if (awaitsOnlinePayment(order)) {
    const payBy = order.payBy;
    return { kind: 'awaiting-payment', payBy, canPay: payBy === null || Date.parse(payBy) > now };
  }
  return { kind: 'progress' };
}

/**
 * The card's badge: 'Awaiting payment' while a payment is awaited, else the shopper's badge
 * ('Accepted' once an agent has taken it).
 */
export function stageBadge(order: Order, stage: OrderStage): ShopperBadge | 'Awaiting payment' {
  return stage.kind === 'awaiting-payment' ? 'Awaiting payment' : shopperBadge(order);
}

const CANCELLED_BY: Record<CancelledBy, string> = {
  user: 'Cancelled by you',
  seller: 'Cancelled by the shop',
  system: 'Cancelled automatically',
};

/** Who cancelled, in the shopper's words. */
export function cancelledByText(by: CancelledBy | null): string {
  return by ? CANCELLED_BY[by] : 'Cancelled';
}
