/**
 * Money going back: refunds written down (once per provider payment), asked of the provider, and
 * settled forward-only, keeping the order's refund summary through order-transitions.ts.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { uuidv7 } from 'uuidv7';
import type { CancellationStep } from '../order/order-cancel.service.js';
import { changeOrders, type OrderChanges, type Transition } from '../order/order-transitions.js';
import { PaymentSchema, RefundSchema } from './payment.entity.js';
import { recordEvent, type EventSource } from './payment-events.js';
import { ProviderError, type PaymentDeps, type ProviderRefund } from './provider.js';

/**
 * Writes down a refund of one provider payment, once: the idempotency key is derived from the
 * payment, so asking again (a retried webhook, verify racing the poller) finds the first. Runs in
 * the caller's transaction; `refund.requested` is published once it commits, and the payments
 * processor then asks the provider. Answers null when it was asked for before.
 */
export async function requestRefund(
  changes: OrderChanges,
  input: { order: string; providerPaymentId: string; amountPaise: number; reason: string },
): Promise<{ id: string } | null> {
  const { tx } = changes;
  // Razorpay takes 10+ letters, digits, '-' and '_' as an idempotency key.
  const idempotencyKey = `refund_${input.providerPaymentId}`.replace(/[^\w-]/g, '-');
  const [row] = await tx
    .createQueryBuilder(RefundSchema)
    .insert({
      id: uuidv7(),
      order: input.order,
      providerPaymentId: input.providerPaymentId,
      amountPaise: input.amountPaise,
      idempotencyKey,
      reason: input.reason.slice(0, 200),
      createdAt: new Date(),
      updatedAt: new Date(),
    })
    .onConflict('idempotencyKey')
    .ignore()
    .returning('id')
    .execute('all');
  if (!row) return null;
  await recordEvent(tx, {
    order: input.order,
    source: 'server',
    type: 'refund.requested',
    providerPaymentId: input.providerPaymentId,
    amountPaise: input.amountPaise,
    note: input.reason,
  });
  await refreshRefundSummary(changes, input.order);
  changes.also({ type: 'refund.requested', refundId: row.id as string });
  return { id: row.id as string };
}

/**
 * A cancelled order paid online: a refund of every online payment it took (at checkout, or
 * collected at the door) is written down, once each however often it is asked (see
 * {@link requestRefund}); the payments processor then asks the provider.
 */
export const refundCancellationStep: CancellationStep = {
  async run(changes, order, canceller) {
    if (order.paidVia !== 'online') return null;
    const reason =
      canceller.role === 'seller'
        ? `cancelled by the shop: ${canceller.reason}`
        : 'cancelled by the shopper';
    const paid = await changes.tx.find(PaymentSchema, { order: order.id, status: 'paid' });
    for (const payment of paid) {
      if (!payment.providerPaymentId) continue;
      await requestRefund(changes, {
        order: order.id,
        providerPaymentId: payment.providerPaymentId,
        amountPaise: payment.amountPaise,
        reason,
      });
    }
    return null;
  },
};

/**
 * Asks the provider for a written-down refund (with its idempotency key, so a retry never pays
 * twice) and records the answer. A refusal the provider would repeat marks it failed; a provider
 * that cannot be reached leaves it `requested` for the poller to try again.
 */
export async function sendRefund(
  em: EntityManager,
  deps: PaymentDeps,
  refundId: string,
): Promise<void> {
  const refund = await em.findOne(RefundSchema, { id: refundId });
  if (!refund || (refund.status !== 'requested' && refund.status !== 'pending')) return;
  let answer: ProviderRefund;
  try {
    answer = await deps.provider.refund({
      paymentId: refund.providerPaymentId,
      amount: refund.amountPaise,
      idempotencyKey: refund.idempotencyKey,
      receipt: refund.id,
      notes: { orderId: refund.order.id, reason: refund.reason.slice(0, 200) },
    });
  } catch (error) {
    if (error instanceof ProviderError && !error.retryable) {
      deps.logger.error({ err: error, refundId }, 'the payment provider refused a refund');
      await settleRefund(em, deps, {
        refundId,
        status: 'failed',
        source: 'server',
        note: error.message,
      });
      return;
    }
    deps.logger.warn({ err: error, refundId }, 'refund not sent yet; the poller will retry');
    await em.nativeUpdate(RefundSchema, { id: refundId }, { updatedAt: new Date() });
    return;
  }
  await settleRefund(em, deps, {
    refundId,
    providerRefundId: answer.id,
    status: answer.status,
    source: 'server',
  });
}

/**
 * Records where a refund stands, forward-only (`requested` → `pending` → `processed` or
 * `failed`; a settled refund never moves back), and keeps the order's refund summary.
 * Finds the refund by our id or the provider's; `dedupeKey` makes a redelivered webhook a no-op.
 */
export async function settleRefund(
  em: EntityManager,
  deps: PaymentDeps,
  input: {
    refundId?: string | undefined;
    providerRefundId?: string;
    status: 'pending' | 'processed' | 'failed';
    source: EventSource;
    dedupeKey?: string;
    note?: string;
  },
): Promise<void> {
  await changeOrders(em, deps.events, async (changes) => {
    const { tx } = changes;
    const refund =
      (input.refundId && (await tx.findOne(RefundSchema, { id: input.refundId }))) ||
      (input.providerRefundId &&
        (await tx.findOne(RefundSchema, { providerRefundId: input.providerRefundId })));
    if (!refund) return;
    const recorded = await recordEvent(tx, {
      order: refund.order.id,
      source: input.source,
      type: `refund.${input.status}`,
      dedupeKey: input.dedupeKey,
      providerPaymentId: refund.providerPaymentId,
      amountPaise: refund.amountPaise,
      note: input.note,
    });
    if (!recorded) return;
    const now = new Date();
    if (input.providerRefundId) {
      await tx.nativeUpdate(
        RefundSchema,
        { id: refund.id, providerRefundId: null },
        { providerRefundId: input.providerRefundId, updatedAt: now },
      );
    }
    // Forward-only, decided by the database: whatever this call read may already be stale.
    const moved = await tx.nativeUpdate(
      RefundSchema,
      {
        id: refund.id,
        status: { $in: input.status === 'pending' ? ['requested'] : ['requested', 'pending'] },
      },
      { status: input.status, updatedAt: now },
    );
    if (!moved) return;
    await refreshRefundSummary(
      changes,
      refund.order.id,
      input.status === 'processed'
        ? {
            type: 'refunded',
            actor: { role: 'system' },
            note: `₹${(refund.amountPaise / 100).toFixed(2)} refunded: ${refund.reason}`,
          }
        : undefined,
    );
  });
}

/**
 * The order's refund amount and state, from its refunds: pending while any is on its way; with
 * `transition`, its history line too (a refund paid out).
 */
async function refreshRefundSummary(
  changes: OrderChanges,
  orderId: string,
  transition?: Transition,
): Promise<void> {
  const refunds = await changes.tx.find(RefundSchema, { order: orderId }, { refresh: true });
  const live = refunds.filter((refund) => refund.status !== 'failed');
  const status = live.some((refund) => refund.status !== 'processed')
    ? ('pending' as const)
    : live.length > 0
      ? ('processed' as const)
      : refunds.length > 0
        ? ('failed' as const)
        : null;
  const counted = live.length > 0 ? live : refunds;
  const summary = {
    refundStatus: status,
    refundPaise: counted.reduce((sum, refund) => sum + refund.amountPaise, 0),
  };
  if (transition) await changes.moveWhere(orderId, {}, summary, transition);
  else await changes.refresh(orderId, summary, 'refunded');
}
