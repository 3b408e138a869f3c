import * as z from 'zod/mini';
import { idField, requestBody, successAnswerSchema } from './common.js';

export const PAYMENT_CURRENCY = 'INR';

/** The payment provider's order; `amount` is in paise, the provider's smallest unit. */
export const providerOrderSchema = z.object({
  id: z.string(),
  amount: z.number().check(z.int(), z.positive()),
  currency: z.literal(PAYMENT_CURRENCY),
});
export type ProviderOrder = z.infer<typeof providerOrderSchema>;

/** `POST /api/order/razorpay` and `POST /api/agents/order/razorpay`; `orderId` is our order's id. */
export const onlineOrderAnswerSchema = z.object({
  success: z.literal(true),
  order: providerOrderSchema,
  orderId: z.string(),
});
export type OnlineOrderAnswer = z.infer<typeof onlineOrderAnswerSchema>;

const providerField = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .check(z.minLength(1, `${field} is required`), z.maxLength(200, `${field} is too long`));

/**
 * `POST /api/order/verify` and `POST /api/agents/order/verify`. The server finds our order
 * from `razorpay_order_id`; `orderId`, when sent, must name the same order.
 */
export const paymentVerifyBodySchema = requestBody({
  razorpay_order_id: providerField('razorpay_order_id'),
  razorpay_payment_id: providerField('razorpay_payment_id'),
  razorpay_signature: providerField('razorpay_signature'),
  orderId: z.optional(idField('orderId')),
});
export type PaymentVerifyBody = z.infer<typeof paymentVerifyBodySchema>;

export const paymentVerifyAnswerSchema = successAnswerSchema;
export type PaymentVerifyAnswer = z.infer<typeof paymentVerifyAnswerSchema>;

/**
 * `POST /api/agents/order/razorpay`: collect an online payment at the door for order `receipt`.
 * The server charges the order's own amount and ignores `amount`.
 */
export const agentPaymentOrderBodySchema = requestBody({
  amount: z.optional(z.number()),
  currency: z.literal(PAYMENT_CURRENCY, { error: `currency must be ${PAYMENT_CURRENCY}` }),
  receipt: idField('receipt'),
});
export type AgentPaymentOrderBody = z.infer<typeof agentPaymentOrderBodySchema>;
