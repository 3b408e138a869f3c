import { formatAmount, ORDER_CURRENCY, type OrderRefund, type RefundStatus } from '@kirana/shared';

const REFUND_STATES: Record<RefundStatus, string> = {
  pending: 'In progress',
  processed: 'Refunded',
  failed: 'Failed',
};

/** An order's refund as order screens show it, e.g. '₹102.00 · Refunded'. */
export function refundText(refund: OrderRefund): string {
  return `${formatAmount(refund.amount, ORDER_CURRENCY)} · ${REFUND_STATES[refund.status]}`;
}
