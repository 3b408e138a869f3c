import {
  MESSAGES,
  orderPaymentsAnswerSchema,
  paymentConfigAnswerSchema,
  sellerOrdersAnswerSchema,
  userOrdersAnswerSchema,
} from '@kirana/shared';
import { describe, expect, test } from 'vitest';
import { createTestApp, PAYMENT_SECRETS, type TestApp } from '../../test/app.js';
import { useTestApp, useSeller } from '../../test/fixtures.js';
import { signInAgent, signUpShopper } from '../../test/factories.js';
import {
  capturedPayment,
  payInSandbox,
  placeOnlineOrder,
  signedCallback,
  webhook,
} from '../../test/payments.js';
import { connect, listen } from '../../test/sockets.js';
import { OrderEventSchema, OrderSchema } from '../order/order.entity.js';
import { pollPayments } from './payment-poller.js';
import { PaymentEventSchema, RefundSchema } from './payment.entity.js';
import { settleRefund } from './refunds.js';
import { ProviderError, type PaymentProvider } from './provider.js';
import { SandboxOrderSchema, SandboxRefundSchema } from './sandbox/sandbox.entity.js';

type Browser = ReturnType<TestApp['agent']>;

describe('online payments at checkout', () => {
  const app = useTestApp();
  const seller = useSeller(app);

  const shopperOrder = async (http: Browser, id: string) =>
    userOrdersAnswerSchema
      .parse((await http.get('/api/order/user').expect(200)).body)
      .orders.find((order) => order._id === id);
  const sellerSees = async (id: string) =>
    sellerOrdersAnswerSchema
      .parse((await seller.get('/api/order/seller?limit=100').expect(200)).body)
      .orders.some((order) => order._id === id);
  const paidEvents = (orderId: string) =>
    app.orm.em.fork().count(OrderEventSchema, { order: orderId, type: 'paid' });

  test('GET /api/payments/config names the sandbox Checkout script and the public key, never a secret', async () => {
    const answer = await app.http().get('/api/payments/config').expect(200);
    expect(paymentConfigAnswerSchema.parse(answer.body)).toEqual({
      success: true,
      provider: 'sandbox',
      keyId: PAYMENT_SECRETS.keyId,
      checkoutScript: '/payments/sandbox/checkout.js',
      currency: 'INR',
    });
    expect(JSON.stringify(answer.body)).not.toContain(PAYMENT_SECRETS.keySecret);
  });

  test('placing an online order prices it on the server (a body amount is ignored) and keeps it from the shop until paid', async () => {
    const shopper = await signUpShopper(app);
    const placed = await placeOnlineOrder(app, shopper, {
      offerPricePaise: 4_250,
      quantity: 3,
      extra: { amount: 1 },
    });

    // 3 × ₹42.50 = ₹127.50, tax 2 % = ₹2.55: ₹130.05, in paise.
    expect(placed.order).toMatchObject({ amount: 13_005, currency: 'INR' });
    expect(placed.order.id).toMatch(/^order_\w{14}$/);
    const providerOrder = await app.orm.em
      .fork()
      .findOneOrFail(SandboxOrderSchema, { id: placed.order.id });
    expect(providerOrder).toMatchObject({ amount: 13_005, receipt: placed.orderId });
    expect(await shopperOrder(shopper.http, placed.orderId)).toMatchObject({
      paymentType: 'Online',
      isPaid: false,
      status: 'Order Placed',
      amount: 130.05,
      paidVia: null,
    });
    expect((await shopperOrder(shopper.http, placed.orderId))?.payBy).toBeTruthy();
    expect(await sellerSees(placed.orderId)).toBe(false);
    const agent = await signInAgent(app);
    const pool = await agent.http.get('/api/agents/orders/visible').expect(200);
    expect(pool.body.orders.some((order: { _id: string }) => order._id === placed.orderId)).toBe(
      false,
    );
  });

  test('a forged signature, or the signature of another order, is refused and changes nothing', async () => {
    const shopper = await signUpShopper(app);
    const mine = await placeOnlineOrder(app, shopper);
    const other = await placeOnlineOrder(app, shopper);
    const paidOther = await payInSandbox(app, other.order.id);

    const forged = { ...signedCallback(mine.order.id, 'pay_forged0000001'), orderId: mine.orderId };
    forged.razorpay_signature = forged.razorpay_signature.replace(/.$/, (c) =>
      c === '0' ? '1' : '0',
    );
    await shopper.http.post('/api/order/verify').send(forged).expect(400, {
      success: false,
      message: MESSAGES.paymentVerificationFailed,
      code: 'INVALID',
    });
    // A genuine signature, but for the other provider order.
    await shopper.http
      .post('/api/order/verify')
      .send({ ...paidOther, razorpay_order_id: mine.order.id, orderId: mine.orderId })
      .expect(400, {
        success: false,
        message: MESSAGES.paymentVerificationFailed,
        code: 'INVALID',
      });
    // A genuine callback, claimed for another order of ours.
    await shopper.http
      .post('/api/order/verify')
      .send({ ...paidOther, orderId: mine.orderId })
      .expect(400, {
        success: false,
        message: MESSAGES.paymentVerificationFailed,
        code: 'INVALID',
      });

    expect((await shopperOrder(shopper.http, mine.orderId))?.isPaid).toBe(false);
    expect(await paidEvents(mine.orderId)).toBe(0);
  });

  test("another shopper cannot verify a shopper's payment", async () => {
    const owner = await signUpShopper(app);
    const thief = await signUpShopper(app);
    const placed = await placeOnlineOrder(app, owner);
    const callback = await payInSandbox(app, placed.order.id);

    await thief.http.post('/api/order/verify').send(callback).expect(400, {
      success: false,
      message: MESSAGES.paymentVerificationFailed,
      code: 'INVALID',
    });
    await app.http().post('/api/order/verify').send(callback).expect(401);
    expect(await paidEvents(placed.orderId)).toBe(0);
  });

  test('a verified payment releases the order to the shop once; a replayed verify changes nothing', async () => {
    const shopper = await signUpShopper(app);
    const placed = await placeOnlineOrder(app, shopper);
    const callback = await payInSandbox(app, placed.order.id);

    for (let i = 0; i < 3; i += 1) {
      await shopper.http
        .post('/api/order/verify')
        .send({ ...callback, orderId: placed.orderId })
        .expect(200, { success: true, message: MESSAGES.paymentSuccessful });
    }
    expect(await shopperOrder(shopper.http, placed.orderId)).toMatchObject({
      isPaid: true,
      paidVia: 'online',
      payBy: null,
    });
    expect(await sellerSees(placed.orderId)).toBe(true);
    expect(await paidEvents(placed.orderId)).toBe(1);
  });

  test('a replayed Checkout callback, one after another or at once, writes the payment history once and answers the same', async () => {
    const shopper = await signUpShopper(app);
    const placed = await placeOnlineOrder(app, shopper);
    const callback = { ...(await payInSandbox(app, placed.order.id)), orderId: placed.orderId };
    const success = { success: true, message: MESSAGES.paymentSuccessful };

    await shopper.http.post('/api/order/verify').send(callback).expect(200, success);
    const history = () =>
      app.orm.em
        .fork()
        .find(PaymentEventSchema, { order: placed.orderId }, { orderBy: { id: 'asc' } });
    const once = await history();
    expect(once.filter((event) => event.type === 'payment.captured')).toHaveLength(1);

    await shopper.http.post('/api/order/verify').send(callback).expect(200, success);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => shopper.http.post('/api/order/verify').send(callback)),
    );
    for (const answer of answers) expect([answer.status, answer.body]).toEqual([200, success]);
    expect(await history()).toEqual(once);
    expect(await paidEvents(placed.orderId)).toBe(1);
  });

  test('verify racing duplicated webhooks, 50 at once, makes exactly one paid transition and one live event', async () => {
    const shopper = await signUpShopper(app);
    const placed = await placeOnlineOrder(app, shopper);
    const callback = await payInSandbox(app, placed.order.id);
    const socket = await connect(app.socket('seller', seller));
    const sellerHears = listen(socket);
    const captured = capturedPayment(
      placed.order.id,
      callback.razorpay_payment_id,
      placed.order.amount,
    );
    const paidHook = webhook('order.paid', { payment: captured });
    const capturedHook = webhook('payment.captured', { payment: captured });

    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 3 === 0
          ? paidHook.send(app)
          : i % 3 === 1
            ? capturedHook.send(app)
            : shopper.http.post('/api/order/verify').send({ ...callback, orderId: placed.orderId }),
      ),
    );

    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
    expect(await paidEvents(placed.orderId)).toBe(1);
    await sellerHears.waitFor('order:created', (order) => order._id === placed.orderId);
    await app.events.settled();
    expect(sellerHears.about(placed.orderId)).toHaveLength(1);
    // Each webhook event id was stored once, with its effect.
    const stored = await app.orm.em.fork().count(PaymentEventSchema, {
      dedupeKey: { $in: [paidHook.eventId, capturedHook.eventId] },
    });
    expect(stored).toBe(2);
  });

  test('the webhook alone marks the order paid when the browser never comes back', async () => {
    const alone = await createTestApp({ sandboxWebhooks: true });
    try {
      const shopper = await signUpShopper(alone);
      const placed = await placeOnlineOrder(alone, shopper);
      await payInSandbox(alone, placed.order.id);
      await alone.sandbox.close();
      await alone.events.settled();

      const order = await alone.orm.em.fork().findOneOrFail(OrderSchema, { id: placed.orderId });
      expect(order).toMatchObject({ isPaid: true, paidVia: 'online' });
      const events = await alone.orm.em
        .fork()
        .find(PaymentEventSchema, { order: placed.orderId, source: 'webhook' });
      expect(events.map((event) => event.type).sort()).toEqual([
        'payment.captured',
        'payment.captured',
      ]);
      expect(
        await alone.orm.em.fork().count(OrderEventSchema, { order: placed.orderId, type: 'paid' }),
      ).toBe(1);
    } finally {
      await alone.close();
    }
  });

  test('the poller alone marks a paid order paid, and records a failed try', async () => {
    const shopper = await signUpShopper(app);
    const placed = await placeOnlineOrder(app, shopper);
    await payInSandbox(app, placed.order.id, 'failure');
    await payInSandbox(app, placed.order.id);

    const round = await pollPayments(app.orm, app.payments);

    expect(round?.paid).toBeGreaterThanOrEqual(1);
    expect(await shopperOrder(shopper.http, placed.orderId)).toMatchObject({ isPaid: true });
    const history = orderPaymentsAnswerSchema.parse(
      (await seller.get(`/api/order/${placed.orderId}/payments`).expect(200)).body,
    );
    expect(history.payments).toEqual([
      expect.objectContaining({ status: 'paid', purpose: 'checkout', amount: 101.49 }),
    ]);
    expect(history.events.map((event) => `${event.source} ${event.type}`)).toEqual([
      'server order.created',
      'poller payment.failed',
      'poller payment.captured',
    ]);
    // Asking again finds nothing new.
    await pollPayments(app.orm, app.payments);
    expect(await paidEvents(placed.orderId)).toBe(1);
  });

  test('an unpaid online order expires: cancelled for its shopper, never shown to the shop, and cannot be paid again', async () => {
    const shopper = await signUpShopper(app);
    const placed = await placeOnlineOrder(app, shopper);
    await expireNow(placed.orderId);

    await pollPayments(app.orm, app.payments);

    expect(await shopperOrder(shopper.http, placed.orderId)).toMatchObject({
      status: 'Cancelled',
      cancelledBy: 'system',
      cancelReason: MESSAGES.paymentNotCompleted,
      payBy: null,
    });
    expect(await sellerSees(placed.orderId)).toBe(false);
    await shopper.http.post('/api/order/pay').send({ orderId: placed.orderId }).expect(409);
  });

  test('a payment that arrives after expiry is refunded once, however often it is reported', async () => {
    const shopper = await signUpShopper(app);
    const placed = await placeOnlineOrder(app, shopper);
    await expireNow(placed.orderId);
    await pollPayments(app.orm, app.payments);
    const callback = await payInSandbox(app, placed.order.id);
    const hook = webhook('payment.captured', {
      payment: capturedPayment(placed.order.id, callback.razorpay_payment_id, placed.order.amount),
    });

    const answers = await Promise.all([
      shopper.http.post('/api/order/verify').send(callback),
      shopper.http.post('/api/order/verify').send(callback),
      hook.send(app),
      hook.send(app),
    ]);
    await app.events.settled();
    await pollPayments(app.orm, app.payments);
    await app.events.settled();

    // Both callbacks answer alike, however they raced.
    for (const answer of answers.slice(0, 2)) {
      expect(answer.status).toBe(409);
      expect(answer.body.message).toMatch(/refunded/);
    }
    expect(answers[2]?.status).toBe(200);
    const refunds = await app.orm.em.fork().find(RefundSchema, { order: placed.orderId });
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ status: 'processed', amountPaise: placed.order.amount });
    const providerRefunds = await app.orm.em
      .fork()
      .find(SandboxRefundSchema, { payment: callback.razorpay_payment_id });
    expect(providerRefunds).toHaveLength(1);
    expect(await shopperOrder(shopper.http, placed.orderId)).toMatchObject({
      status: 'Cancelled',
      isPaid: false,
      refund: { amount: placed.order.amount / 100, status: 'processed' },
    });
  });

  test('pay again reuses the open provider order; an order paid is not paid twice', async () => {
    const shopper = await signUpShopper(app);
    const placed = await placeOnlineOrder(app, shopper);
    const again = await shopper.http
      .post('/api/order/pay')
      .send({ orderId: placed.orderId })
      .expect(200);
    expect(again.body).toEqual({ success: true, order: placed.order, orderId: placed.orderId });

    const callback = await payInSandbox(app, placed.order.id);
    await shopper.http.post('/api/order/verify').send(callback).expect(200);
    await shopper.http
      .post('/api/order/pay')
      .send({ orderId: placed.orderId })
      .expect(409, { success: false, message: 'Order is already paid', code: 'ALREADY_PAID' });
    const stranger = await signUpShopper(app);
    await stranger.http.post('/api/order/pay').send({ orderId: placed.orderId }).expect(404);
  });

  test('webhooks: a bad signature or a re-serialised body is refused; other events are acknowledged and ignored', async () => {
    const captured = capturedPayment('order_unknown000001', 'pay_unknown0000001', 100);
    const hook = webhook('payment.captured', { payment: captured });
    await hook.send(app, 'f'.repeat(64)).expect(400);
    // The same JSON written with other whitespace: other bytes, so not what was signed.
    await app
      .http()
      .post('/api/payments/razorpay/webhook')
      .set('content-type', 'application/json')
      .set('x-razorpay-signature', hook.signature)
      .send(JSON.stringify(JSON.parse(hook.body), null, 1))
      .expect(400, { success: false, message: 'Webhook signature is not valid', code: 'INVALID' });
    await hook.send(app).expect(200);
    await webhook('subscription.charged', {}).send(app).expect(200);
    // Signed, so the provider's: acknowledged even when it cannot be read, or it would retry.
    await webhook('payment.captured', { payment: { id: 42 } })
      .send(app)
      .expect(200);
    await app.http().post('/api/payments/razorpay/webhook').send('not json').expect(400);
  });

  test('the seller reads the payments of an order; nobody else does', async () => {
    const shopper = await signUpShopper(app);
    const placed = await placeOnlineOrder(app, shopper);
    await shopper.http.get(`/api/order/${placed.orderId}/payments`).expect(401);
    await seller.get('/api/order/0193a5b0-0000-7000-8000-000000000000/payments').expect(404);
    await seller.get('/api/order/nope/payments').expect(400);
    const history = orderPaymentsAnswerSchema.parse(
      (await seller.get(`/api/order/${placed.orderId}/payments`).expect(200)).body,
    );
    expect(history.payments[0]).toMatchObject({
      provider: 'sandbox',
      providerOrderId: placed.order.id,
      status: 'created',
    });
  });

  test('a shopper with as many orders awaiting payment as the shop takes (3) places no more; one paid, or past its time to pay, frees a place; an order under ₹1 is not taken online', async () => {
    const shopper = await signUpShopper(app);
    const waiting = [];
    for (let i = 0; i < 3; i += 1) waiting.push(await placeOnlineOrder(app, shopper));
    const fourth = await placeOnlineOrder(app, shopper).catch((error: Error) => error);
    expect(String(fourth)).toMatch(/409/);
    const [paid, expired] = waiting;
    const callback = await payInSandbox(app, paid!.order.id);
    await shopper.http
      .post('/api/order/verify')
      .send({ ...callback, orderId: paid!.orderId })
      .expect(200);
    await placeOnlineOrder(app, shopper);
    // Past its time to pay, an order is about to be cancelled: it holds no place.
    await expireNow(expired!.orderId);
    await placeOnlineOrder(app, shopper);
    const refused = await placeOnlineOrder(app, shopper).catch((error: Error) => error);
    expect(String(refused)).toMatch(/409/);

    const small = await signUpShopper(app);
    const tiny = await placeOnlineOrder(app, small, { offerPricePaise: 50 }).catch(
      (error: Error) => error,
    );
    expect(String(tiny)).toMatch(/400/);
    expect(await app.orm.em.fork().count(OrderSchema, { user: small.id })).toBe(0);
  });

  test('a payment made at expiry, reported by nobody, is found by the poller and refunded once', async () => {
    const shopper = await signUpShopper(app);
    const placed = await placeOnlineOrder(app, shopper);
    await expireNow(placed.orderId);
    await pollPayments(app.orm, app.payments);
    const { razorpay_payment_id: paymentId } = await payInSandbox(app, placed.order.id);

    await pollPayments(app.orm, app.payments);
    await pollPayments(app.orm, app.payments);
    await app.events.settled();

    expect(await app.orm.em.fork().find(RefundSchema, { order: placed.orderId })).toEqual([
      expect.objectContaining({ providerPaymentId: paymentId, status: 'processed' }),
    ]);
    expect(await app.orm.em.fork().count(SandboxRefundSchema, { payment: paymentId })).toBe(1);
  });

  test('an order whose provider cannot be asked is not expired in that round', async () => {
    const shopper = await signUpShopper(app);
    const placed = await placeOnlineOrder(app, shopper);
    await payInSandbox(app, placed.order.id);
    await expireNow(placed.orderId);
    const unreachable = withProvider({
      fetchOrderPayments: () => Promise.reject(new ProviderError('unreachable', true)),
    });

    await pollPayments(app.orm, unreachable);
    expect((await shopperOrder(shopper.http, placed.orderId))?.status).toBe('Order Placed');

    await pollPayments(app.orm, app.payments);
    expect(await shopperOrder(shopper.http, placed.orderId)).toMatchObject({
      status: 'Order Placed',
      isPaid: true,
    });
  });

  test('a refund the provider could not take stays requested and is sent again by the poller', async () => {
    const shopper = await signUpShopper(app);
    const placed = await placeOnlineOrder(app, shopper);
    await expireNow(placed.orderId);
    await pollPayments(app.orm, app.payments);
    const callback = await payInSandbox(app, placed.order.id);

    const sandbox = app.payments.provider;
    app.payments.provider = Object.assign(Object.create(sandbox) as PaymentProvider, {
      refund: () => Promise.reject(new ProviderError('unreachable', true)),
    });
    try {
      await shopper.http.post('/api/order/verify').send(callback).expect(409);
      await app.events.settled();
    } finally {
      app.payments.provider = sandbox;
    }
    const [waiting] = await app.orm.em.fork().find(RefundSchema, { order: placed.orderId });
    expect(waiting?.status).toBe('requested');
    expect((await shopperOrder(shopper.http, placed.orderId))?.refund?.status).toBe('pending');

    // The poller leaves it a minute, then sends it again with the same idempotency key.
    await pollPayments(app.orm, app.payments);
    expect((await app.orm.em.fork().findOneOrFail(RefundSchema, { id: waiting?.id })).status).toBe(
      'requested',
    );
    await app.orm.em
      .fork()
      .nativeUpdate(
        RefundSchema,
        { id: waiting?.id },
        { updatedAt: new Date(Date.now() - 120_000) },
      );
    await pollPayments(app.orm, app.payments);
    await app.events.settled();

    expect((await app.orm.em.fork().findOneOrFail(RefundSchema, { id: waiting?.id })).status).toBe(
      'processed',
    );
    expect(
      await app.orm.em.fork().count(SandboxRefundSchema, { payment: callback.razorpay_payment_id }),
    ).toBe(1);
    expect((await shopperOrder(shopper.http, placed.orderId))?.refund).toEqual({
      amount: placed.order.amount / 100,
      status: 'processed',
    });
  });

  test('a refund never moves back: a late "pending" after "processed" changes nothing', async () => {
    const shopper = await signUpShopper(app);
    const placed = await placeOnlineOrder(app, shopper);
    await expireNow(placed.orderId);
    await pollPayments(app.orm, app.payments);
    await shopper.http
      .post('/api/order/verify')
      .send(await payInSandbox(app, placed.order.id))
      .expect(409);
    await app.events.settled();
    const [refund] = await app.orm.em.fork().find(RefundSchema, { order: placed.orderId });

    await settleRefund(app.orm.em.fork(), app.payments, {
      refundId: refund?.id,
      status: 'pending',
      source: 'server',
    });
    await settleRefund(app.orm.em.fork(), app.payments, {
      refundId: refund?.id,
      status: 'failed',
      source: 'server',
    });

    const after = await app.orm.em.fork().findOneOrFail(RefundSchema, { id: refund?.id });
    expect(after.status).toBe('processed');
    expect(
      await app.orm.em.fork().count(OrderEventSchema, { order: placed.orderId, type: 'refunded' }),
    ).toBe(1);
  });

  test('each payment route answers only its own role; everyone else gets a 401', async () => {
    const shopper = await signUpShopper(app);
    const agent = await signInAgent(app);
    const placed = await placeOnlineOrder(app, shopper);
    const callback = signedCallback(placed.order.id, 'pay_matrix00000001');
    const who = { nobody: app.http(), shopper: shopper.http, seller, agent: agent.http };
    type Who = keyof typeof who;
    const routes: [method: 'get' | 'post', path: string, body: object, only: Who | 'anyone'][] = [
      ['post', '/api/order/razorpay', { items: [], address: placed.orderId }, 'shopper'],
      ['post', '/api/order/pay', { orderId: placed.orderId }, 'shopper'],
      ['post', '/api/order/verify', callback, 'shopper'],
      ['get', `/api/order/${placed.orderId}/payments`, {}, 'seller'],
      ['post', '/api/agents/order/razorpay', { currency: 'INR', receipt: placed.orderId }, 'agent'],
      ['post', '/api/agents/order/verify', callback, 'agent'],
      ['get', '/api/payments/config', {}, 'anyone'],
    ];
    for (const [method, path, body, only] of routes) {
      for (const [name, http] of Object.entries(who)) {
        const answer = method === 'get' ? await http.get(path) : await http.post(path).send(body);
        const allowed = only === 'anyone' || only === name;
        expect(
          allowed ? answer.status !== 401 && answer.status < 500 : answer.status === 401,
          `${name} ${method.toUpperCase()} ${path}: ${answer.status}`,
        ).toBe(true);
        expect(answer.body.success, `${name} ${path}`).toBe(answer.status < 400);
      }
    }
  });

  test('bad input to every payment route is a 4xx naming what is wrong, never a 5xx', async () => {
    const shopper = await signUpShopper(app);
    const agent = await signInAgent(app);
    const junk = [
      [],
      'text',
      {},
      { orderId: 'x', receipt: 7 },
      { razorpay_order_id: 'a'.repeat(500) },
    ];
    const calls: [ReturnType<TestApp['agent']>, string][] = [
      [shopper.http, '/api/order/razorpay'],
      [shopper.http, '/api/order/pay'],
      [shopper.http, '/api/order/verify'],
      [agent.http, '/api/agents/order/razorpay'],
      [agent.http, '/api/agents/order/verify'],
    ];
    for (const [http, path] of calls) {
      for (const body of junk) {
        const answer = await http.post(path).send(body);
        // A bare string goes as a form, which JSON routes refuse as such.
        const status = typeof body === 'string' ? 415 : 400;
        expect(answer.status, `${path} ${JSON.stringify(body).slice(0, 40)}`).toBe(status);
        expect(answer.body).toEqual({
          success: false,
          message: expect.any(String),
          code: status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'INVALID',
        });
        expect(answer.body.message.length).toBeGreaterThan(5);
      }
    }
    for (const path of ['/api/order/not-an-id/payments', '/api/order/%00/payments']) {
      const answer = await seller.get(path);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('id must be a valid id');
    }
    // The sandbox's own calls answer in Razorpay's error shape.
    const sandbox = app.http();
    await sandbox.get('/payments/sandbox/orders/order_nope').expect(400);
    // A NUL byte or other junk in the id: the same 404, never a 500 from the database.
    for (const id of [
      'order_nope',
      'order_%00AAAAAAAAAAAAA',
      '%00',
      'order_ABCDEFGHIJKLM%E2%80%AE',
    ]) {
      await sandbox
        .get(`/payments/sandbox/orders/${id}?key_id=${PAYMENT_SECRETS.keyId}`)
        .expect(404);
      await sandbox
        .post(`/payments/sandbox/orders/${id}/pay`)
        .send({ key_id: PAYMENT_SECRETS.keyId, outcome: 'success' })
        .expect(404);
    }
    for (const body of [[], {}, { key_id: PAYMENT_SECRETS.keyId, outcome: 'maybe' }]) {
      const answer = await sandbox.post('/payments/sandbox/orders/order_nope/pay').send(body);
      expect(answer.status).toBe(400);
      expect(answer.body.error.description).toEqual(expect.any(String));
    }
  });

  /** The app's payment services with some of the sandbox's calls replaced. */
  function withProvider(replaced: Partial<PaymentProvider>) {
    const provider = Object.assign(Object.create(app.sandbox) as PaymentProvider, replaced);
    return { ...app.payments, provider };
  }

  async function expireNow(orderId: string) {
    await app.orm.em
      .fork()
      .nativeUpdate(OrderSchema, { id: orderId }, { expiresAt: new Date(Date.now() - 1000) });
  }
});
