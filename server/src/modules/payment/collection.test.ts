import { agentPaymentVerifyAnswerSchema, MESSAGES, onlineOrderAnswerSchema } from '@kirana/shared';
import { describe, expect, test } from 'vitest';
import type { TestApp } from '../../test/app.js';
import { useTestApp } from '../../test/fixtures.js';
import {
  deliveryPinOf,
  placeCodOrder,
  signInAgent,
  signInSeller,
  signUpShopper,
} from '../../test/factories.js';
import { payInSandbox, placeOnlineOrder } from '../../test/payments.js';
import { OrderSchema } from '../order/order.entity.js';
import { pollPayments } from './payment-poller.js';
import { RefundSchema } from './payment.entity.js';

describe('collecting online at the door', () => {
  const app = useTestApp();

  /** A COD order accepted by a new agent; answers the agent, the order id and its paise. */
  async function acceptedCodOrder() {
    const shopper = await signUpShopper(app);
    const orderId = await placeCodOrder(app, shopper);
    const agent = await signInAgent(app);
    await agent.http.post('/api/agents/accept').send({ orderId }).expect(200);
    const { amountPaise } = await app.orm.em.fork().findOneOrFail(OrderSchema, { id: orderId });
    return { agent, orderId, amountPaise };
  }

  const collect = (http: ReturnType<TestApp['agent']>, receipt: string, amount?: number) =>
    http.post('/api/agents/order/razorpay').send({ amount, currency: 'INR', receipt });

  test("the assigned agent collects the order's own amount online, then delivers", async () => {
    const { agent, orderId, amountPaise } = await acceptedCodOrder();

    const opened = onlineOrderAnswerSchema.parse(
      (await collect(agent.http, orderId, amountPaise).expect(200)).body,
    );
    expect(opened.order).toMatchObject({ amount: amountPaise, currency: 'INR' });
    expect(opened.orderId).toBe(orderId);
    // A retried tap, or one without an amount, reuses the same provider order.
    expect((await collect(agent.http, orderId).expect(200)).body.order.id).toBe(opened.order.id);

    await agent.http.put(`/api/agents/status/${orderId}`).send({ status: 'Picked' }).expect(200);
    const callback = await payInSandbox(app, opened.order.id);
    const verified = agentPaymentVerifyAnswerSchema.parse(
      (
        await agent.http
          .post('/api/agents/order/verify')
          .send({ ...callback, orderId })
          .expect(200)
      ).body,
    );
    expect(verified.message).toBe(MESSAGES.paymentSuccessful);
    expect(verified.order).toMatchObject({ isPaid: true, paidVia: 'online', paymentType: 'COD' });
    await agent.http
      .put(`/api/agents/status/${orderId}`)
      .send({ status: 'Delivered', pin: await deliveryPinOf(app, orderId) })
      .expect(200);
    await agent.http.put(`/api/agents/mark-paid/${orderId}`).expect(409);
  });

  test('a tampered amount is refused, and no provider order is opened', async () => {
    const { agent, orderId, amountPaise } = await acceptedCodOrder();
    const refused = await collect(agent.http, orderId, amountPaise - 100).expect(400);
    expect(refused.body.message).toBe(
      `amount must be the order's amount, ${amountPaise} paise (₹${(amountPaise / 100).toFixed(2)})`,
    );
    await collect(agent.http, orderId, 1.5).expect(400);
    await agent.http
      .post('/api/agents/order/razorpay')
      .send({ currency: 'USD', receipt: orderId })
      .expect(400, { success: false, message: 'currency must be INR', code: 'INVALID' });
  });

  test("another agent can neither open nor verify an agent's collection", async () => {
    const { agent, orderId } = await acceptedCodOrder();
    const other = await signInAgent(app, 'Farhan');
    await collect(other.http, orderId).expect(404);
    const opened = (await collect(agent.http, orderId).expect(200)).body;
    const callback = await payInSandbox(app, opened.order.id);
    await other.http.post('/api/agents/order/verify').send(callback).expect(400, {
      success: false,
      message: MESSAGES.paymentVerificationFailed,
      code: 'INVALID',
    });
    // Nor can the shopper, through the checkout's verify.
    await app.http().post('/api/agents/order/verify').send(callback).expect(401);
  });

  test('a paid order, or an online one, cannot be collected at the door', async () => {
    const cash = await acceptedCodOrder();
    await cash.agent.http.put(`/api/agents/mark-paid/${cash.orderId}`).expect(200);
    await collect(cash.agent.http, cash.orderId).expect(409, {
      success: false,
      message: 'Order is already paid',
      code: 'ALREADY_PAID',
    });

    const shopper = await signUpShopper(app);
    const online = await placeOnlineOrder(app, shopper);
    await shopper.http
      .post('/api/order/verify')
      .send(await payInSandbox(app, online.order.id))
      .expect(200);
    const agent = await signInAgent(app);
    await agent.http.post('/api/agents/accept').send({ orderId: online.orderId }).expect(200);
    await collect(agent.http, online.orderId).expect(409, {
      success: false,
      message: 'Only a cash-on-delivery order is paid at the door',
      code: 'NOT_COD',
    });
  });

  test('money paid online after the cash was taken goes back to the customer', async () => {
    const { agent, orderId, amountPaise } = await acceptedCodOrder();
    const opened = (await collect(agent.http, orderId).expect(200)).body;
    await agent.http.put(`/api/agents/mark-paid/${orderId}`).expect(200);
    const callback = await payInSandbox(app, opened.order.id);

    const late = await agent.http.post('/api/agents/order/verify').send(callback).expect(409);
    await app.events.settled();

    expect(late.body.message).toMatch(/refunded/);
    const refunds = await app.orm.em.fork().find(RefundSchema, { order: orderId });
    expect(refunds).toEqual([
      expect.objectContaining({
        amountPaise,
        status: 'processed',
        providerPaymentId: callback.razorpay_payment_id,
      }),
    ]);
    const order = await app.orm.em.fork().findOneOrFail(OrderSchema, { id: orderId });
    expect(order).toMatchObject({ paidVia: 'cash', refundStatus: 'processed' });
  });

  test('the seller cancels a picked order paid online at the door: that payment is refunded once', async () => {
    const { agent, orderId, amountPaise } = await acceptedCodOrder();
    const opened = onlineOrderAnswerSchema.parse(
      (await collect(agent.http, orderId, amountPaise).expect(200)).body,
    );
    await agent.http.put(`/api/agents/status/${orderId}`).send({ status: 'Picked' }).expect(200);
    const callback = await payInSandbox(app, opened.order.id);
    await agent.http
      .post('/api/agents/order/verify')
      .send({ ...callback, orderId })
      .expect(200);
    const seller = (await signInSeller(app)).http;
    const cancelled = await seller
      .post('/api/order/seller/cancel')
      .send({ orderId, reason: 'Wrong items packed' })
      .expect(200);
    expect(cancelled.body.message).toBe(MESSAGES.orderCancelledRefund);
    await app.events.settled();
    expect(await app.orm.em.fork().find(RefundSchema, { order: orderId })).toMatchObject([
      { status: 'processed', amountPaise, providerPaymentId: callback.razorpay_payment_id },
    ]);
  });

  test('a payment at the door after the order was cancelled, reported by nobody, is found by the poller and refunded', async () => {
    const { agent, orderId, amountPaise } = await acceptedCodOrder();
    const opened = onlineOrderAnswerSchema.parse(
      (await collect(agent.http, orderId, amountPaise).expect(200)).body,
    );
    const seller = (await signInSeller(app)).http;
    await seller
      .post('/api/order/seller/cancel')
      .send({ orderId, reason: 'Shop closing' })
      .expect(200);
    // The customer pays on the agent's phone anyway; the callback and the webhook are lost.
    await payInSandbox(app, opened.order.id);
    await pollPayments(app.orm, app.payments);
    await app.events.settled();
    expect(await app.orm.em.fork().find(RefundSchema, { order: orderId })).toMatchObject([
      { status: 'processed', amountPaise },
    ]);
  });
});
