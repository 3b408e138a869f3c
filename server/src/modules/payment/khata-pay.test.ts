import { myKhataAnswerSchema, myKhataPayAnswerSchema } from '@kirana/shared';
import { describe, expect, test } from 'vitest';
import type { DomainEvent } from '../../lib/domain-events.js';
import { useTestApp } from '../../test/fixtures.js';
import { signUpShopper } from '../../test/factories.js';
import { createKhataCustomer } from '../../test/khata-factory.js';
import { capturedPayment, payInSandbox, signedCallback, webhook } from '../../test/payments.js';
import { KhataEntrySchema } from '../khata/khata.entity.js';
import { KhataPaymentSchema } from './khata-payment.entity.js';
import { pollPayments } from './payment-poller.js';

type Shopper = Awaited<ReturnType<typeof signUpShopper>>;

describe("paying the khata's due online", () => {
  const app = useTestApp();

  const mine = async (shopper: Shopper) =>
    myKhataAnswerSchema.parse((await shopper.http.get('/api/khata/mine').expect(200)).body).khata;
  const linked = async (owedPaise: number) => {
    const shopper = await signUpShopper(app);
    const customer = await createKhataCustomer(app.orm.em.fork(), {
      shopper: shopper.id,
      limitPaise: 500_000,
      balancePaise: owedPaise,
    });
    return { shopper, customer: { id: customer } };
  };
  const pay = async (shopper: Shopper, amount: number) =>
    myKhataPayAnswerSchema.parse(
      (await shopper.http.post('/api/khata/mine/pay').send({ amount }).expect(200)).body,
    ).order;
  const onlineEntries = (customerId: string) =>
    app.orm.em.fork().find(KhataEntrySchema, { customer: customerId, kind: 'payment' });

  test('an amount beyond the due, under ₹1, or from a shopper who owes nothing or has no khata is refused', async () => {
    const { shopper } = await linked(50_000);
    for (const amount of [500.01, 0, -5, 0.5]) {
      const refused = await shopper.http.post('/api/khata/mine/pay').send({ amount }).expect(400);
      expect(refused.body).toMatchObject({ success: false, code: 'INVALID' });
    }
    const beyond = await shopper.http.post('/api/khata/mine/pay').send({ amount: 600 }).expect(400);
    expect(beyond.body.message).toContain('at most what you owe');

    const square = await linked(0);
    const nothing = await square.shopper.http
      .post('/api/khata/mine/pay')
      .send({ amount: 10 })
      .expect(400);
    expect(nothing.body.message).toContain('owe the shop nothing');

    const stranger = await signUpShopper(app);
    await stranger.http.post('/api/khata/mine/pay').send({ amount: 10 }).expect(404);
    expect(await app.orm.em.fork().count(KhataPaymentSchema, { shopper: shopper.id })).toBe(0);
  });

  test('a payment confirmed by Checkout, then verified again and retried by the webhook, posts one online entry', async () => {
    const { shopper, customer } = await linked(50_000);
    const published: DomainEvent[] = [];
    const stop = app.events.subscribe((event) => void published.push(event));
    try {
      const order = await pay(shopper, 200);
      expect(order).toMatchObject({ amount: 20_000, currency: 'INR' });

      const paid = await payInSandbox(app, order.id);
      for (let i = 0; i < 2; i += 1)
        await shopper.http.post('/api/khata/mine/pay/verify').send(paid).expect(200);
      const captured = webhook('payment.captured', {
        payment: capturedPayment(order.id, paid.razorpay_payment_id, 20_000),
      });
      await captured.send(app).expect(200);
      await captured.send(app).expect(200);
      await webhook('order.paid', {
        payment: capturedPayment(order.id, paid.razorpay_payment_id, 20_000),
      })
        .send(app)
        .expect(200);

      const entries = await onlineEntries(customer.id);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        amountPaise: -20_000,
        balancePaise: 30_000,
        method: 'online',
        paymentRef: paid.razorpay_payment_id,
      });
      expect(await mine(shopper)).toMatchObject({ balance: 300 });
      expect(published.filter((event) => event.type === 'khata.changed')).toEqual([
        { type: 'khata.changed', customerId: customer.id },
      ]);
    } finally {
      stop();
    }
  });

  test('a payment the webhook brings first, then Checkout confirms, posts once', async () => {
    const { shopper, customer } = await linked(10_000);
    const order = await pay(shopper, 100);
    const paid = await payInSandbox(app, order.id);
    await webhook('payment.captured', {
      payment: capturedPayment(order.id, paid.razorpay_payment_id, 10_000),
    })
      .send(app)
      .expect(200);
    await shopper.http.post('/api/khata/mine/pay/verify').send(paid).expect(200);

    const entries = await onlineEntries(customer.id);
    expect(entries.map((entry) => [entry.amountPaise, entry.method])).toEqual([
      [-10_000, 'online'],
    ]);
    const khata = await mine(shopper);
    expect(khata).toMatchObject({ balance: 0, oldestUnpaidAt: null });
    expect(khata?.entries[0]).toMatchObject({ kind: 'payment', method: 'online', amount: -100 });
  });

  test('Checkout and two webhooks confirming at once post one entry, and all are answered', async () => {
    const { shopper, customer } = await linked(30_000);
    const order = await pay(shopper, 300);
    const paid = await payInSandbox(app, order.id);
    const entity = capturedPayment(order.id, paid.razorpay_payment_id, 30_000);
    const answers = await Promise.all([
      shopper.http.post('/api/khata/mine/pay/verify').send(paid),
      webhook('payment.captured', { payment: entity }).send(app),
      webhook('order.paid', { payment: entity }).send(app),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(await onlineEntries(customer.id)).toHaveLength(1);
    expect(await mine(shopper)).toMatchObject({ balance: 0 });
  });

  test('a payment whose browser closed and whose webhook was lost is posted by the poller, once', async () => {
    const { shopper, customer } = await linked(20_000);
    const order = await pay(shopper, 150);
    await payInSandbox(app, order.id);
    await pollPayments(app.orm, app.payments);
    await pollPayments(app.orm, app.payments);
    const entries = await onlineEntries(customer.id);
    expect(entries.map((entry) => entry.amountPaise)).toEqual([-15_000]);
    expect(
      await app.orm.em.fork().findOneOrFail(KhataPaymentSchema, { providerOrderId: order.id }),
    ).toMatchObject({ status: 'paid', providerPaymentId: entries[0]?.paymentRef });
  });

  test('a forged signature, or another shopper confirming my payment, posts nothing', async () => {
    const { shopper, customer } = await linked(10_000);
    const other = await linked(10_000);
    const order = await pay(shopper, 50);
    const paid = await payInSandbox(app, order.id);
    const forged = {
      ...signedCallback(order.id, paid.razorpay_payment_id),
      razorpay_signature: 'f'.repeat(64),
    };
    await shopper.http.post('/api/khata/mine/pay/verify').send(forged).expect(400);
    await other.shopper.http.post('/api/khata/mine/pay/verify').send(paid).expect(400);
    expect(await onlineEntries(customer.id)).toHaveLength(0);
    expect(await onlineEntries(other.customer.id)).toHaveLength(0);
  });

  test('paying needs a shopper session', async () => {
    await app.http().post('/api/khata/mine/pay').send({ amount: 10 }).expect(401);
  });
});
