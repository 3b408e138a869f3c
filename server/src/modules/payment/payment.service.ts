/**
 * Online money for orders: the shopper's checkout and the agent's collection at the door, the
 * one forward-only `markOnlinePaid` that Checkout's callback, webhooks and the poller all go
 * through, expiry of unpaid online orders, and refunds. Provider calls go through the
 * PaymentProvider (provider.ts) and never happen inside a database transaction.
 */
import {
  canCollectOnline,
  isVisibleTo,
  MESSAGES,
  PAYMENT_CURRENCY,
  type Actor,
  type PaymentVerifyBody,
  type PlaceOrderBody,
  type ProviderOrder as ProviderOrderAnswer,
} from '@kirana/shared';
import type { EntityManager } from '@mikro-orm/postgresql';
import { uuidv7 } from 'uuidv7';
import type { DomainEvents } from '../../lib/domain-events.js';
import { AppError, errorAnswer } from '../../lib/errors.js';
import type { Logger } from '../../lib/logger.js';
import { enforce, factsOf } from '../order/order-rules.js';
import type { CancellationStep } from '../order/order-state.service.js';
import { changeOrders, type OrderChanges, type Transition } from '../order/order-transitions.js';
import { OrderSchema, type Order } from '../order/order.entity.js';
import {
  placeOnce,
  recordAnswer,
  type KeyedRequest,
  type PlacementAnswer,
} from '../order/order-idempotency.service.js';
import { placeOrder } from '../order/order.service.js';
import { putBackUnits } from '../order/order-units.js';
import { PaymentEventSchema, PaymentSchema, RefundSchema, type Payment } from './payment.entity.js';
import {
  ProviderError,
  type PaymentProvider,
  type ProviderRefund,
  type WebhookEvent,
} from './provider.js';

/** What the payment services work with besides a request's EntityManager. */
export interface PaymentDeps {
  provider: PaymentProvider;
  events: DomainEvents;
  logger: Logger;
  /** Unpaid online orders are cancelled this long after they were placed. */
  expiryMinutes: number;
}

type EventSource = 'checkout' | 'webhook' | 'poller' | 'server';

/** Unpaid online orders one shopper may have at once: each holds a provider order and the poller. */
const MAX_ORDERS_AWAITING_PAYMENT = 5;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Who asks to verify a Checkout payment: the shopper for their checkout, the agent at the door. */
export type Payer = { role: 'user'; id: string } | { role: 'agent'; id: string };

const asked = (payment: Payment): ProviderOrderAnswer => ({
  id: payment.providerOrderId,
  amount: payment.amountPaise,
  currency: PAYMENT_CURRENCY,
});

/**
 * Places the shopper's online order (validated and priced exactly like cash on delivery, unpaid
 * and hidden from the shop until paid), then opens a provider order for its amount. Once per
 * `Idempotency-Key`: a repeat of the key answers the first answer again, the provider's refusal
 * included, and opens no other provider order (see placeOnce).
 * @throws AppError as placeOrder and placeOnce do; CONFLICT when the shopper already has
 * {@link MAX_ORDERS_AWAITING_PAYMENT} orders awaiting payment; unavailable when the provider
 * order cannot be created (the order then stays awaiting payment, to be paid from My Orders).
 */
export async function placeOnlineOrder(
  em: EntityManager,
  deps: PaymentDeps,
  userId: string,
  body: PlaceOrderBody,
  request: KeyedRequest | undefined,
  deliveryPin: boolean,
): Promise<PlacementAnswer> {
  return placeOnce(em, userId, request, async () => {
    const waiting = await em.count(OrderSchema, {
      user: userId,
      paymentType: 'Online',
      isPaid: false,
      status: 'Order Placed',
    });
    if (waiting >= MAX_ORDERS_AWAITING_PAYMENT) {
      throw new AppError(
        'CONFLICT',
        `You have ${waiting} orders awaiting payment: pay for them from My Orders, or wait until they expire`,
      );
    }
    const payBy = new Date(Date.now() + deps.expiryMinutes * 60_000);
    const terms = { type: 'Online', payBy, deliveryPin } as const;
    const order = await placeOrder(em, deps.events, userId, body, terms, request && { request });
    let answer: PlacementAnswer;
    try {
      const providerOrder = await openProviderOrder(em, deps, order, 'checkout');
      answer = { status: 201, body: { success: true, order: providerOrder, orderId: order.id } };
    } catch (error) {
      // The order stands: a repeat of the key gets this same refusal, not a second order.
      if (request && error instanceof AppError) {
        await recordAnswer(em, userId, request, errorAnswer(error));
      }
      throw error;
    }
    if (request) await recordAnswer(em, userId, request, answer);
    return answer;
  });
}

/**
 * The provider order to pay the shopper's own unpaid online order with: the one already opened
 * (Checkout retries on one provider order), or a new one when none could be opened before.
 * @throws AppError NOT_FOUND for an order that is not theirs; CONFLICT for one that is paid,
 * cancelled or past its time to pay; unavailable when the provider cannot be reached.
 */
export async function payAgain(
  em: EntityManager,
  deps: PaymentDeps,
  userId: string,
  orderId: string,
): Promise<ProviderOrderAnswer> {
  const order = await em.findOne(OrderSchema, { id: orderId, user: userId });
  if (!order) throw new AppError('NOT_FOUND', MESSAGES.orderNotFound);
  if (order.paymentType !== 'Online')
    throw new AppError('CONFLICT', 'This order is paid in cash on delivery');
  if (order.isPaid) throw new AppError('ALREADY_PAID', 'Order is already paid');
  if (order.status === 'Cancelled' || (order.expiresAt && order.expiresAt <= new Date()))
    throw new AppError(
      'CONFLICT',
      'This order was cancelled because the payment was not completed',
    );
  const open = await em.findOne(
    PaymentSchema,
    { order: orderId, purpose: 'checkout', status: { $ne: 'paid' } },
    { orderBy: { createdAt: 'desc' } },
  );
  return open ? asked(open) : openProviderOrder(em, deps, order, 'checkout');
}

/**
 * Opens a provider order for a cash-on-delivery order the calling agent delivers, so the
 * customer pays online at the door. The amount is the order's own: a differing `amount` (paise)
 * is refused. A retried tap reuses the provider order already opened.
 * @throws AppError NOT_FOUND (an order the agent cannot see), FORBIDDEN (not theirs), CONFLICT
 * (paid, online, finished; the shared `canCollectOnline` rule), invalid (amount), unavailable
 * (provider).
 */
export async function openCollection(
  em: EntityManager,
  deps: PaymentDeps,
  agentId: string,
  orderId: string,
  amount: number | undefined,
): Promise<ProviderOrderAnswer> {
  const order = await em.findOne(OrderSchema, { id: orderId });
  const agent: Actor = { role: 'agent', id: agentId };
  if (!order || !isVisibleTo(factsOf(order), agent))
    throw new AppError('NOT_FOUND', MESSAGES.orderNotFound);
  enforce(canCollectOnline(factsOf(order), agent));
  if (amount !== undefined && amount !== order.amountPaise) {
    throw new AppError(
      'INVALID',
      `amount must be the order's amount, ${order.amountPaise} paise (₹${(order.amountPaise / 100).toFixed(2)})`,
    );
  }
  const open = await em.findOne(
    PaymentSchema,
    { order: orderId, purpose: 'collection', status: { $ne: 'paid' } },
    { orderBy: { createdAt: 'desc' } },
  );
  return open ? asked(open) : openProviderOrder(em, deps, order, 'collection');
}

async function openProviderOrder(
  em: EntityManager,
  deps: PaymentDeps,
  order: Pick<Order, 'id' | 'amountPaise'>,
  purpose: Payment['purpose'],
): Promise<ProviderOrderAnswer> {
  let created;
  try {
    created = await deps.provider.createOrder({
      amount: order.amountPaise,
      receipt: order.id,
      notes: { orderId: order.id, purpose },
    });
  } catch (error) {
    deps.logger.error({ err: error, orderId: order.id }, 'the payment provider refused an order');
    throw new AppError('PAYMENT_UNAVAILABLE', MESSAGES.razorpayOrderFailed);
  }
  if (created.amount !== order.amountPaise || created.currency !== PAYMENT_CURRENCY) {
    deps.logger.error(
      { orderId: order.id, created },
      'the provider order is not the one asked for',
    );
    throw new AppError('PAYMENT_UNAVAILABLE', MESSAGES.razorpayOrderFailed);
  }
  const payment = await em.transactional(async (tx) => {
    const payment = tx.create(PaymentSchema, {
      order: order.id,
      provider: deps.provider.name,
      purpose,
      providerOrderId: created.id,
      amountPaise: created.amount,
      currency: created.currency,
    });
    tx.create(PaymentEventSchema, {
      order: order.id,
      source: 'server',
      type: 'order.created',
      amountPaise: created.amount,
      note: `${purpose} ${created.id}`,
    });
    return payment;
  });
  return asked(payment);
}

/**
 * Checkout's callback: checks the signature against the provider order we stored, which must be
 * the caller's (the shopper's checkout, or the agent's collection), then marks the order paid.
 * Idempotent: a replay of a callback changes nothing and answers as the first did.
 * @throws AppError INVALID ('Payment verification failed.') for a forged signature or a provider
 * order that is not the caller's; conflict when the order could no longer take the payment
 * (it will be refunded).
 */
export async function verifyCheckout(
  em: EntityManager,
  deps: PaymentDeps,
  payer: Payer,
  body: PaymentVerifyBody,
): Promise<Order> {
  const payment = await em.findOne(
    PaymentSchema,
    { providerOrderId: body.razorpay_order_id },
    { populate: ['order'] },
  );
  if (!payment || !isPayersOwn(payment, payer, body.orderId))
    throw new AppError('INVALID', MESSAGES.paymentVerificationFailed);
  const order = payment.order;
  const genuine = deps.provider.verifyCheckout({
    orderId: payment.providerOrderId,
    paymentId: body.razorpay_payment_id,
    signature: body.razorpay_signature,
  });
  if (!genuine) {
    // Logged, not stored: a caller must not be able to grow the order's history at will.
    deps.logger.warn({ orderId: order.id, payer }, 'Checkout callback with a forged signature');
    throw new AppError('INVALID', MESSAGES.paymentVerificationFailed);
  }
  const outcome = await markOnlinePaid(em, deps, {
    paymentId: payment.id,
    providerPaymentId: body.razorpay_payment_id,
    amountPaise: payment.amountPaise,
    source: 'checkout',
    // A replayed callback (a retry, or anyone resending it) writes no second history row.
    dedupeKey: `checkout:${body.razorpay_payment_id}`,
    actor: payer,
  });
  // A replay answers as the first callback did: paid when this payment paid a provider order of
  // ours, else it was one the order could no longer take, and is being refunded.
  const refused =
    outcome === 'refunding' ||
    (outcome === 'duplicate' &&
      (await em.count(PaymentSchema, { providerPaymentId: body.razorpay_payment_id })) === 0);
  if (refused) {
    throw new AppError(
      'CONFLICT',
      'This order can no longer take this payment; it will be refunded in full',
    );
  }
  return em.findOneOrFail(
    OrderSchema,
    { id: order.id },
    { populate: ['items.product'], refresh: true },
  );
}

function isPayersOwn(payment: Payment, payer: Payer, orderId: string | undefined): boolean {
  const order = payment.order;
  if (orderId !== undefined && orderId !== order.id) return false;
  return payer.role === 'user'
    ? payment.purpose === 'checkout' && order.user.id === payer.id
    : payment.purpose === 'collection' && order.assignedTo?.id === payer.id;
}

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
          // A checkout's payment releases the order to the agents' pool now.
          ...(payment.purpose === 'checkout' && { offeredAt: now }),
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
 * Writes down a refund of one provider payment, once: the idempotency key is derived from the
 * payment, so asking again (a retried webhook, verify racing the poller) finds the first. Runs in
 * the caller's transaction; `refund.requested` is published once it commits, and the payments
 * processor then asks the provider. Answers null when it was asked for before.
 */
async function requestRefund(
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

/**
 * Cancels an unpaid online order whose time to pay has passed, putting back the units it took.
 * Conditional, so it cannot cancel an order a payment has just marked paid (and a payment after
 * it is refunded).
 * Answers whether this call cancelled it.
 */
export async function expireUnpaidOrder(
  em: EntityManager,
  deps: PaymentDeps,
  orderId: string,
): Promise<boolean> {
  return changeOrders(em, deps.events, async (changes) => {
    const now = new Date();
    const cancelled = await changes.moveWhere(
      orderId,
      { paymentType: 'Online', isPaid: false, expiresAt: { $lte: now } },
      {
        cancelledAt: now,
        cancelledBy: 'system',
        cancelReason: MESSAGES.paymentNotCompleted,
      },
      {
        type: 'expired',
        actor: { role: 'system' },
        from: 'Order Placed',
        to: 'Cancelled',
        note: MESSAGES.paymentNotCompleted,
      },
    );
    if (!cancelled) return false;
    for (const productId of await putBackUnits(changes.tx, orderId))
      changes.also({ type: 'product.changed', productId });
    return true;
  });
}

/**
 * Every provider order, refund and payment event of one order, oldest first.
 * @throws AppError NOT_FOUND for an unknown order.
 */
export async function listOrderPayments(em: EntityManager, orderId: string) {
  if (!(await em.count(OrderSchema, { id: orderId })))
    throw new AppError('NOT_FOUND', MESSAGES.orderNotFound);
  const oldestFirst = { orderBy: { createdAt: 'asc', id: 'asc' } } as const;
  return {
    payments: await em.find(PaymentSchema, { order: orderId }, oldestFirst),
    refunds: await em.find(RefundSchema, { order: orderId }, oldestFirst),
    events: await em.find(PaymentEventSchema, { order: orderId }, oldestFirst),
  };
}

/**
 * One row of an order's payment history. With a `dedupeKey` the row is written only once;
 * answers false when it already was (the caller then does nothing more).
 */
async function recordEvent(
  tx: EntityManager,
  event: {
    order: string;
    source: EventSource;
    type: string;
    dedupeKey?: string | undefined;
    providerPaymentId?: string;
    amountPaise?: number;
    note?: string | undefined;
  },
): Promise<boolean> {
  const rows = await tx
    .createQueryBuilder(PaymentEventSchema)
    .insert({
      id: uuidv7(),
      order: event.order,
      source: event.source,
      type: event.type,
      dedupeKey: event.dedupeKey?.slice(0, 100) ?? null,
      providerPaymentId: event.providerPaymentId?.slice(0, 64) ?? null,
      amountPaise: event.amountPaise ?? null,
      note: event.note?.slice(0, 200) ?? null,
      createdAt: new Date(),
    })
    .onConflict('dedupeKey')
    .ignore()
    .returning('id')
    .execute('all');
  return rows.length > 0;
}
