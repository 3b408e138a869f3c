import * as z from 'zod/mini';
import { idField, readableText, requestBody } from './common.js';
import { agentOrderSchema, REFUND_STATUSES } from './order.js';

export const PAYMENT_CURRENCY = 'INR';

/** The provider's smallest payment: ₹1.00. A smaller order is paid in cash. */
export const MIN_ONLINE_PAYMENT_PAISE = 100;

/** Razorpay through its SDK, or the built-in offline stand-in that behaves like it. */
export const PAYMENT_PROVIDERS = ['razorpay', 'sandbox'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** The payment provider's order; `amount` is in paise, the provider's smallest unit. */
export const providerOrderSchema = z.object({
  id: z.string(),
  amount: z.number().check(z.int(), z.positive()),
  currency: z.literal(PAYMENT_CURRENCY),
});
export type ProviderOrder = z.infer<typeof providerOrderSchema>;

/**
 * `POST /api/order/razorpay`, `POST /api/order/pay` and `POST /api/agents/order/razorpay`:
 * the provider order to open Checkout with; `orderId` is our order's id.
 */
export const onlineOrderAnswerSchema = z.object({
  success: z.literal(true),
  order: providerOrderSchema,
  orderId: z.string(),
});
export type OnlineOrderAnswer = z.infer<typeof onlineOrderAnswerSchema>;

/** `POST /api/order/pay`: pay again for the shopper's own online order that awaits payment. */
export const payOrderBodySchema = requestBody({ orderId: idField('orderId') });
export type PayOrderBody = z.infer<typeof payOrderBodySchema>;

const providerField = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .check(
      z.minLength(1, `${field} is required`),
      z.maxLength(200, `${field} is too long`),
      ...readableText(field),
    );

/**
 * `POST /api/order/verify` and `POST /api/agents/order/verify`: what Checkout's `handler`
 * receives. The server finds our order from `razorpay_order_id`; `orderId`, when sent, must name
 * the same order.
 */
export const paymentVerifyBodySchema = requestBody({
  razorpay_order_id: providerField('razorpay_order_id'),
  razorpay_payment_id: providerField('razorpay_payment_id'),
  razorpay_signature: providerField('razorpay_signature'),
  orderId: z.optional(idField('orderId')),
});
export type PaymentVerifyBody = z.infer<typeof paymentVerifyBodySchema>;

/** `POST /api/order/verify` */
export const paymentVerifyAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type PaymentVerifyAnswer = z.infer<typeof paymentVerifyAnswerSchema>;

/** `POST /api/agents/order/verify`: the order, now paid, as the agent's list shows it. */
export const agentPaymentVerifyAnswerSchema = z.extend(paymentVerifyAnswerSchema, {
  order: agentOrderSchema,
});
export type AgentPaymentVerifyAnswer = z.infer<typeof agentPaymentVerifyAnswerSchema>;

/**
 * `POST /api/agents/order/razorpay`: collect an online payment at the door for order `receipt`.
 * The server charges the order's own amount; an `amount` (paise) that differs is refused.
 */
export const agentPaymentOrderBodySchema = requestBody({
  amount: z.optional(
    z
      .number({ error: 'amount must be a whole number of paise' })
      .check(z.int('amount must be a whole number of paise')),
  ),
  currency: z._default(
    z.literal(PAYMENT_CURRENCY, { error: `currency must be ${PAYMENT_CURRENCY}` }),
    PAYMENT_CURRENCY,
  ),
  receipt: idField('receipt'),
});
export type AgentPaymentOrderBody = z.infer<typeof agentPaymentOrderBodySchema>;

/** `GET /api/payments/config`: which Checkout script the browser loads, and the public key. */
export const paymentConfigAnswerSchema = z.object({
  success: z.literal(true),
  provider: z.enum(PAYMENT_PROVIDERS),
  keyId: z.string(),
  /** The Checkout script's URL: Razorpay's, or the sandbox's drop-in on this server. */
  checkoutScript: z.string(),
  currency: z.literal(PAYMENT_CURRENCY),
});
export type PaymentConfigAnswer = z.infer<typeof paymentConfigAnswerSchema>;

export const PAYMENT_PURPOSES = ['checkout', 'collection'] as const;
export const PAYMENT_STATUSES = ['created', 'attempted', 'paid'] as const;
export const PAYMENT_EVENT_SOURCES = ['checkout', 'webhook', 'poller', 'server'] as const;

/** One provider order: a checkout by the shopper or a collection at the door by the agent. */
export const paymentAttemptSchema = z.object({
  _id: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  purpose: z.enum(PAYMENT_PURPOSES),
  providerOrderId: z.string(),
  /** The provider payment that paid it, once paid. */
  providerPaymentId: z.nullable(z.string()),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  /** Why the last try failed, as the provider put it. */
  failureReason: z.nullable(z.string()),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type PaymentAttempt = z.infer<typeof paymentAttemptSchema>;

/** Money given back for one provider payment. */
export const paymentRefundSchema = z.object({
  _id: z.string(),
  providerPaymentId: z.string(),
  providerRefundId: z.nullable(z.string()),
  amount: z.number(),
  /** `requested`: not yet accepted by the provider (retried until it is). */
  status: z.enum(['requested', ...REFUND_STATUSES]),
  reason: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type PaymentRefund = z.infer<typeof paymentRefundSchema>;

/** One thing that happened to an order's money, from Checkout, a webhook, the poller or us. */
export const paymentEventSchema = z.object({
  _id: z.string(),
  source: z.enum(PAYMENT_EVENT_SOURCES),
  /** e.g. `order.created`, `payment.captured`, `payment.failed`, `refund.processed`. */
  type: z.string(),
  providerPaymentId: z.nullable(z.string()),
  amount: z.nullable(z.number()),
  note: z.nullable(z.string()),
  at: z.iso.datetime(),
});
export type PaymentEvent = z.infer<typeof paymentEventSchema>;

/** `GET /api/order/{id}/payments`: the seller reads every attempt, event and refund of an order. */
export const orderPaymentsAnswerSchema = z.object({
  success: z.literal(true),
  payments: z.array(paymentAttemptSchema),
  refunds: z.array(paymentRefundSchema),
  events: z.array(paymentEventSchema),
});
export type OrderPaymentsAnswer = z.infer<typeof orderPaymentsAnswerSchema>;
