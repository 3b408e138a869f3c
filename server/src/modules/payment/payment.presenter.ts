import { toRupees, type OrderPaymentsAnswer } from '@kirana/shared';
import type { Payment, PaymentEvent, Refund } from './payment.entity.js';

/** An order's payment attempts, refunds and events, as the seller reads them. */
export function presentOrderPayments(history: {
  payments: Payment[];
  refunds: Refund[];
  events: PaymentEvent[];
}): OrderPaymentsAnswer {
  return {
    success: true,
    payments: history.payments.map((payment) => ({
      _id: payment.id,
      provider: payment.provider,
      purpose: payment.purpose,
      providerOrderId: payment.providerOrderId,
      providerPaymentId: payment.providerPaymentId ?? null,
      amount: toRupees(payment.amountPaise),
      currency: payment.currency,
      status: payment.status,
      failureReason: payment.failureReason ?? null,
      createdAt: payment.createdAt.toISOString(),
      updatedAt: payment.updatedAt.toISOString(),
    })),
    refunds: history.refunds.map((refund) => ({
      _id: refund.id,
      providerPaymentId: refund.providerPaymentId,
      providerRefundId: refund.providerRefundId ?? null,
      amount: toRupees(refund.amountPaise),
      status: refund.status,
      reason: refund.reason,
      createdAt: refund.createdAt.toISOString(),
      updatedAt: refund.updatedAt.toISOString(),
    })),
    events: history.events.map((event) => ({
      _id: event.id,
      source: event.source,
      type: event.type,
      providerPaymentId: event.providerPaymentId ?? null,
      amount:
        event.amountPaise === null || event.amountPaise === undefined
          ? null
          : toRupees(event.amountPaise),
      note: event.note ?? null,
      at: event.createdAt.toISOString(),
    })),
  };
}
