import type * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { agentPaymentOrderBodySchema, paymentVerifyBodySchema } from './payment.js';
import { validationMessage } from './common.js';

const PRODUCT_ID = '01936f5e-8c1a-7b2e-9f00-3c4d5e6f7a80';

const messageOf = (schema: z.ZodMiniType, body: unknown) => {
  const result = schema.safeParse(body);
  return result.success ? undefined : validationMessage(result.error);
};

describe('payment bodies', () => {
  it('requires every provider field of a verification', () => {
    expect(
      messageOf(paymentVerifyBodySchema, {
        razorpay_order_id: 'order_1',
        razorpay_payment_id: 'pay_1',
      }),
    ).toBe('razorpay_signature is required');
  });

  it('accepts an agent payment order without an amount, since the server charges the order', () => {
    expect(
      agentPaymentOrderBodySchema.safeParse({ currency: 'INR', receipt: PRODUCT_ID }).success,
    ).toBe(true);
    expect(messageOf(agentPaymentOrderBodySchema, { currency: 'USD', receipt: PRODUCT_ID })).toBe(
      'currency must be INR',
    );
  });
});
