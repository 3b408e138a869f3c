/**
 * Paying the khata online (docs/payments.md#paying-the-khata-online): the shopper opens a
 * provider order for (part of) what they owe; Checkout's answer, the webhooks and the poller each
 * confirm it, and the khata's `payment` entry is written once, keyed by the provider's payment id
 * (khata-mine.service).
 * Provider calls never happen inside a database transaction.
 */
import {
  MESSAGES,
  PAYMENT_CURRENCY,
  type PaymentVerifyBody,
  type ProviderOrder as ProviderOrderAnswer,
} from '@kirana/shared';
import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import { uuidv7 } from 'uuidv7';
import { AppError } from '../../lib/errors.js';
import { checkMyPayment, postOnlinePayment } from '../khata/khata-mine.service.js';
import { KhataPaymentSchema, type KhataPayment } from './khata-payment.entity.js';
import type { EventSource } from './payment-events.js';
import type { PaymentDeps, ProviderPayment } from './provider.js';

/**
 * Opens a provider order for shopper `userId` to pay `amount` rupees of their khata.
 * @throws AppError as checkMyPayment does (no khata, owes nothing, too much, under ₹1);
 * PAYMENT_UNAVAILABLE when the provider cannot open the order.
 */
export async function openKhataPayment(
  em: EntityManager,
  deps: PaymentDeps,
  userId: string,
  amount: number,
): Promise<ProviderOrderAnswer> {
  const { customerId, amountPaise } = await checkMyPayment(em, userId, amount);
  const id = uuidv7();
  let created;
  try {
    created = await deps.provider.createOrder({
      amount: amountPaise,
      receipt: id,
      notes: { khataCustomer: customerId, purpose: 'khata' },
    });
  } catch (error) {
    deps.logger.error({ err: error, customerId }, 'the payment provider refused a khata payment');
    throw new AppError('PAYMENT_UNAVAILABLE', MESSAGES.razorpayOrderFailed);
  }
  if (created.amount !== amountPaise || created.currency !== PAYMENT_CURRENCY) {
    deps.logger.error({ customerId, created }, 'the provider order is not the one asked for');
    throw new AppError('PAYMENT_UNAVAILABLE', MESSAGES.razorpayOrderFailed);
  }
  em.create(KhataPaymentSchema, {
    id,
    customer: customerId,
    shopper: userId,
    provider: deps.provider.name,
    providerOrderId: created.id,
    amountPaise: created.amount,
  });
  await em.flush();
  return { id: created.id, amount: created.amount, currency: PAYMENT_CURRENCY };
}

/**
 * Checkout's callback for a khata payment: the provider order must be one shopper `userId`
 * opened, and the signature genuine; then the payment is posted (once: a replay changes nothing).
 * @throws AppError INVALID ('Payment verification failed.') otherwise.
 */
export async function verifyKhataPayment(
  em: EntityManager,
  deps: PaymentDeps,
  userId: string,
  body: PaymentVerifyBody,
): Promise<void> {
  const payment = await em.findOne(KhataPaymentSchema, {
    providerOrderId: body.razorpay_order_id,
  });
  if (!payment || payment.shopper?.id !== userId)
    throw new AppError('INVALID', MESSAGES.paymentVerificationFailed);
  const genuine = deps.provider.verifyCheckout({
    orderId: payment.providerOrderId,
    paymentId: body.razorpay_payment_id,
    signature: body.razorpay_signature,
  });
  if (!genuine) {
    deps.logger.warn(
      { khataPayment: payment.id, userId },
      'khata Checkout with a forged signature',
    );
    throw new AppError('INVALID', MESSAGES.paymentVerificationFailed);
  }
  await settleKhataPayment(em, deps, payment, body.razorpay_payment_id, 'checkout');
}

/**
 * Posts captured provider payment `providerPaymentId` of khata payment `payment` to its khata,
 * from Checkout, a webhook or the poller: once, whatever repeats come. Publishes `khata.changed`
 * after commit. Answers whether it posted now.
 */
export async function settleKhataPayment(
  em: EntityManager,
  deps: PaymentDeps,
  payment: KhataPayment,
  providerPaymentId: string,
  source: EventSource,
): Promise<boolean> {
  const customerId = payment.customer.id;
  let posted: boolean;
  try {
    posted = await em.transactional(async (tx) => {
      const now = await postOnlinePayment(tx, customerId, {
        amountPaise: payment.amountPaise,
        paymentRef: providerPaymentId,
        note: `online, ${payment.providerOrderId}`,
      });
      await tx.nativeUpdate(
        KhataPaymentSchema,
        { id: payment.id, status: { $ne: 'paid' } },
        { status: 'paid', providerPaymentId, updatedAt: new Date() },
      );
      return now;
    });
  } catch (error) {
    // Posted by a caller that held the customer's lock just before: the ref is unique.
    if (error instanceof UniqueConstraintViolationException) return false;
    throw error;
  }
  if (posted) {
    deps.logger.info({ customerId, providerPaymentId, source }, 'khata paid online');
    deps.events.publish({ type: 'khata.changed', customerId });
  }
  return posted;
}

/**
 * A verified webhook's payment event, when its provider order is a khata payment: a capture is
 * posted (once), a failure marks the try. Answers false when the provider order is not one.
 */
export async function applyKhataWebhook(
  em: EntityManager,
  deps: PaymentDeps,
  type: 'order.paid' | 'payment.captured' | 'payment.failed',
  found: ProviderPayment,
): Promise<boolean> {
  const payment = found.orderId
    ? await em.findOne(KhataPaymentSchema, { providerOrderId: found.orderId })
    : null;
  if (!payment) return false;
  if (type === 'payment.failed') {
    await em.nativeUpdate(
      KhataPaymentSchema,
      { id: payment.id, status: { $ne: 'paid' } },
      { status: 'attempted', updatedAt: new Date() },
    );
  } else if (found.status === 'captured') {
    await settleKhataPayment(em, deps, payment, found.id, 'webhook');
  }
  return true;
}
