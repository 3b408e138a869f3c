import type { CancelledBy, Order } from '@kirana/shared';

export type PaymentState = 'paid' | 'pending' | 'unpaid';

/** How an order's money stands, as the seller reads it at the counter. */
export interface PaymentSummary {
  state: PaymentState;
  /** e.g. 'Paid in cash at the door', 'Paid online', 'Paid online at the door', 'Pending'. */
  text: string;
}

/**
 * How `order` was paid: in cash at the door, online (at checkout), online at the door (a
 * cash-on-delivery order the agent collected online), on the shopper's khata (once delivered),
 * or not yet ('Pending'; 'Not paid' once cancelled, as nothing more will come).
 */
export function paymentSummary(
  order: Pick<Order, 'paymentType' | 'isPaid' | 'paidVia' | 'status'>,
): PaymentSummary {
  // A khata order is never paid at the door: delivered, its amount is on the shopper's khata.
  if (order.paymentType === 'Khata' && order.status !== 'Cancelled')
    return order.status === 'Delivered'
      ? { state: 'paid', text: 'On the khata' }
      : { state: 'pending', text: 'On the khata once delivered' };
  if (!order.isPaid) {
    return order.status === 'Cancelled'
      ? { state: 'unpaid', text: 'Not paid' }
      : { state: 'pending', text: 'Pending' };
  }
  switch (order.paidVia) {
    case 'cash':
      return { state: 'paid', text: 'Paid in cash at the door' };
    case 'online':
      return {
        state: 'paid',
        text: order.paymentType === 'COD' ? 'Paid online at the door' : 'Paid online',
      };
    case null:
      return { state: 'paid', text: 'Paid' };
  }
}

const CANCELLED_BY: Record<CancelledBy, string> = {
  user: 'Cancelled by the shopper',
  seller: 'Cancelled by the shop',
  system: 'Cancelled automatically',
};

/** Who cancelled, as the seller reads it. */
export function cancelledByText(by: CancelledBy | null): string {
  return by ? CANCELLED_BY[by] : 'Cancelled';
}
