/**
 * Online payment of orders: the shopper's checkout (placing an online order, paying again) and
 * the agent's collection at the door open provider orders; Checkout's answer is verified here
 * and marked paid through capture.ts. Provider calls go through the PaymentProvider (provider.ts)
 * and never happen inside a database transaction.
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
import { AppError, errorAnswer } from '../../lib/errors.js';
import { oncePerKey, type KeyedRequest } from '../../lib/idempotency.js';
import { enforce, factsOf } from '../order/order-rules.js';
import { OrderSchema, type Order } from '../order/order.entity.js';
import {
  recordAnswer,
  shopperKeys,
  type PlacementAnswer,
} from '../order/order-idempotency.service.js';
import { placeOrder } from '../order/order.service.js';
import { PaymentEventSchema, PaymentSchema, RefundSchema, type Payment } from './payment.entity.js';
import { markOnlinePaid } from './capture.js';
import type { PaymentDeps } from './provider.js';

/** Who asks to verify a Checkout payment: the shopper for their checkout, the agent at the door. */
export type Payer = { role: 'user'; id: string } | { role: 'agent'; id: string };

const asked = (payment: Payment): ProviderOrderAnswer => ({
  id: payment.providerOrderId,
  amount: payment.amountPaise,
  currency: PAYMENT_CURRENCY,
});

/**
 * Places the shopper's online order (validated and priced exactly like cash on delivery, unpaid
 * and hidden from the shop until paid; counted among the shopper's open unpaid orders, which the
 * shop's `maxOpenOrders` bounds), then opens a provider order for its amount. Once per
 * `Idempotency-Key`: a repeat of the key answers the first answer again, the provider's refusal
 * included, and opens no other provider order (lib/idempotency.ts oncePerKey).
 * @throws AppError as placeOrder and oncePerKey do; unavailable when the provider order cannot be
 * created (the order then stays awaiting payment, to be paid from My Orders).
 */
export async function placeOnlineOrder(
  em: EntityManager,
  deps: PaymentDeps,
  userId: string,
  body: PlaceOrderBody,
  request: KeyedRequest | undefined,
  deliveryPin: boolean,
): Promise<PlacementAnswer> {
  return oncePerKey(em, shopperKeys(userId), request, async () => {
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
