/**
 * Money coming in: the one forward-only `markOnlinePaid` that Checkout's callback, webhooks and
 * the poller all go through, failed tries, and a verified webhook's effect.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { changeOrders } from '../order/order-transitions.js';
import { OrderSchema } from '../order/order.entity.js';
import { promisedAt, readShop } from '../shop/shop.service.js';
import { applyKhataWebhook } from './khata-pay.js';
import { PaymentSchema } from './payment.entity.js';
import { recordEvent, type EventSource } from './payment-events.js';
import type { Payer } from './payment.service.js';
import type { PaymentDeps, WebhookEvent } from './provider.js';
import { requestRefund, settleRefund } from './refunds.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type PaidOutcome = 'paid' | 'already' | 'refunding' | 'duplicate';

/**
 * The one way an online payment marks an order paid, from Checkout, a webhook or the poller.
 * Forward-only and idempotent: a conditional update lets exactly one caller flip `isPaid` (and
 * release the order to the shop); a repeat of that payment changes nothing ('already'); a payment
 * the order can no longer take (cancelled, paid another way, wrong amount) is refunded once
 * ('refunding'); a webhook event seen before does nothing at all ('duplicate').
 */
export async function markOnlinePaid(
  em: EntityManager,
  deps: PaymentDeps,
  input: {
    /** Our Payment row (the provider order). */
    paymentId: string;
    providerPaymentId: string;
    amountPaise: number;
    source: EventSource;
    /** A webhook's event id: stored with the effect, so a redelivery is a no-op. */
    dedupeKey?: string;
    actor?: Payer;
  },
): Promise<PaidOutcome> {
  return changeOrders(em, deps.events, async (changes) => {
    const { tx } = changes;
    const payment = await tx.findOneOrFail(PaymentSchema, { id: input.paymentId });
    const orderId = payment.order.id;
    const recorded = await recordEvent(tx, {
      order: orderId,
      source: input.source,
      type: 'payment.captured',
      dedupeKey: input.dedupeKey,
      providerPaymentId: input.providerPaymentId,
      amountPaise: input.amountPaise,
    });
    if (!recorded) return 'duplicate';

    const now = new Date();
    const actor = input.source === 'checkout' ? input.actor : undefined;
    const shop = await readShop(tx);
    // The referee: of any number of callers, only one can match an unpaid, open order.
    const flipped =
      input.amountPaise === payment.amountPaise &&
      (await changes.moveWhere(
        orderId,
        {
          isPaid: false,
          status: { $nin: ['Cancelled', 'Delivered'] },
          paymentType: payment.purpose === 'checkout' ? 'Online' : 'COD',
        },
        {
          isPaid: true,
          paidAt: now,
          paidVia: 'online',
          expiresAt: null,
          // A checkout's payment releases the order to the agents' pool now, and its promise
          // runs from now.
          ...(payment.purpose === 'checkout' && {
            offeredAt: now,
            promisedAt: promisedAt(shop, now),
          }),
        },
        {
          type: 'paid',
          actor: { role: actor?.role ?? 'system', id: actor?.id ?? null },
          note: `online (${payment.purpose === 'checkout' ? 'checkout' : 'at the door'}, via ${input.source})`,
        },
      ));
    if (flipped) {
      await tx.nativeUpdate(
        PaymentSchema,
        { id: payment.id },
        { status: 'paid', providerPaymentId: input.providerPaymentId, updatedAt: now },
      );
      return 'paid';
    }
    if (await tx.count(PaymentSchema, { providerPaymentId: input.providerPaymentId }))
      return 'already';
    await requestRefund(changes, {
      order: orderId,
      providerPaymentId: input.providerPaymentId,
      amountPaise: input.amountPaise,
      reason: await lateReason(tx, orderId),
    });
    return 'refunding';
  });
}

async function lateReason(tx: EntityManager, orderId: string): Promise<string> {
  const order = await tx.findOneOrFail(OrderSchema, { id: orderId }, { refresh: true });
  if (order.status === 'Cancelled')
    return `payment after the order was cancelled (${order.cancelReason ?? 'no reason'})`;
  if (order.isPaid) return 'the order was already paid';
  return 'the payment does not match the order';
}

/**
 * Records a failed try to pay a provider order (the customer may try again on it).
 * `dedupeKey` makes a repeat a no-op.
 */
export async function recordPaymentFailure(
  em: EntityManager,
  input: {
    paymentId: string;
    providerPaymentId: string;
    reason: string;
    source: EventSource;
    dedupeKey?: string;
  },
): Promise<void> {
  await em.transactional(async (tx) => {
    const payment = await tx.findOneOrFail(PaymentSchema, { id: input.paymentId });
    const recorded = await recordEvent(tx, {
      order: payment.order.id,
      source: input.source,
      type: 'payment.failed',
      dedupeKey: input.dedupeKey,
      providerPaymentId: input.providerPaymentId,
      note: input.reason,
    });
    if (!recorded) return;
    await tx.nativeUpdate(
      PaymentSchema,
      { id: payment.id, status: { $ne: 'paid' } },
      { status: 'attempted', failureReason: input.reason.slice(0, 200), updatedAt: new Date() },
    );
  });
}

/**
 * A verified webhook's effect. Each event id is stored with its effect, so a redelivery does
 * nothing; events about provider orders that are not ours are ignored.
 */
export async function applyWebhook(
  em: EntityManager,
  deps: PaymentDeps,
  event: WebhookEvent,
  eventId: string | undefined,
): Promise<void> {
  if (event.type === 'ignored') {
    if (event.unreadable) deps.logger.warn({ event: event.name, eventId }, 'unreadable webhook');
    return;
  }
  if ('refund' in event) {
    const { refund } = event;
    await settleRefund(em, deps, {
      // Our id travels as the refund's receipt, so a webhook that outruns our storing the
      // provider's refund id still finds its refund.
      refundId: refund.receipt && UUID.test(refund.receipt) ? refund.receipt : undefined,
      providerRefundId: refund.id,
      status: event.type === 'refund.processed' ? 'processed' : 'failed',
      source: 'webhook',
      dedupeKey: eventId ?? `${event.type}:${refund.id}`,
    });
    return;
  }
  const { payment } = event;
  const ours = payment.orderId
    ? await em.findOne(PaymentSchema, { providerOrderId: payment.orderId })
    : null;
  if (!ours) {
    if (await applyKhataWebhook(em, deps, event.type, payment)) return;
    deps.logger.info({ event: event.type, payment: payment.id }, 'webhook for a payment not ours');
    return;
  }
  const dedupeKey = eventId ?? `${event.type}:${payment.id}`;
  if (event.type === 'payment.failed') {
    await recordPaymentFailure(em, {
      paymentId: ours.id,
      providerPaymentId: payment.id,
      reason: payment.errorDescription ?? 'payment failed',
      source: 'webhook',
      dedupeKey,
    });
    return;
  }
  if (payment.status !== 'captured') return;
  await markOnlinePaid(em, deps, {
    paymentId: ours.id,
    providerPaymentId: payment.id,
    amountPaise: payment.amount,
    source: 'webhook',
    dedupeKey,
  });
}
