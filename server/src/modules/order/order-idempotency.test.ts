import {
  codOrderAnswerSchema,
  onlineOrderAnswerSchema,
  userOrdersAnswerSchema,
} from '@kirana/shared';
import { describe, expect, test } from 'vitest';
import { useTestApp } from '../../test/fixtures.js';
import { createProduct, sampleAddress, signUpShopper } from '../../test/factories.js';
import { PaymentSchema } from '../payment/payment.entity.js';
import type { PaymentProvider } from '../payment/provider.js';
import { ProductSchema } from '../product/product.entity.js';
import { OrderIdempotencyKeySchema } from './order-idempotency.entity.js';
import { KEY_REUSED } from './order-idempotency.service.js';
import { OrderSchema } from './order.entity.js';

describe('Idempotency-Key on placing an order', () => {
  const app = useTestApp();

  /** A new shopper with a saved address, and a body ordering one new product (₹99.50). */
  async function readyToOrder() {
    const shopper = await signUpShopper(app);
    const product = await createProduct(app.orm.em.fork());
    const saved = await shopper.http
      .post('/api/address/add')
      .send({ address: sampleAddress })
      .expect(201);
    const body = { items: [{ product: product.id, quantity: 1 }], address: saved.body.address._id };
    return { shopper, product, body };
  }

  const ordersOf = (userId: string) => app.orm.em.fork().count(OrderSchema, { user: userId });

  test('20 identical concurrent requests with one key place one order; all 20 get the same answer naming it', async () => {
    const { shopper, body } = await readyToOrder();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        shopper.http
          .post('/api/order/cod')
          .set('Idempotency-Key', 'checkout-2024-11-24-a')
          .send(body)
          .then((response) => ({ status: response.status, body: response.body as unknown })),
      ),
    );

    expect(await ordersOf(shopper.id)).toBe(1);
    const [order] = userOrdersAnswerSchema.parse(
      (await shopper.http.get('/api/order/user').expect(200)).body,
    ).orders;
    const first = { status: 201, body: codOrderAnswerSchema.parse(answers[0]!.body) };
    expect(first.body).toEqual({
      success: true,
      message: 'Order Placed Successfully',
      orderId: order!._id,
    });
    expect(answers).toEqual(Array.from({ length: 20 }, () => first));
  });

  test('a repeat of the key answers the first answer and places nothing, even once the product is out of stock', async () => {
    const { shopper, product, body } = await readyToOrder();
    const first = await shopper.http
      .post('/api/order/cod')
      .set('Idempotency-Key', 'retry-after-timeout')
      .send(body)
      .expect(201);
    await app.orm.em.fork().nativeUpdate(ProductSchema, { id: product.id }, { inStock: false });

    const repeat = await shopper.http
      .post('/api/order/cod')
      .set('Idempotency-Key', 'retry-after-timeout')
      .send({ ...body, note: 'an unknown field the server drops' })
      .expect(201);
    expect(repeat.body).toEqual(first.body);
    expect(await ordersOf(shopper.id)).toBe(1);
  });

  test('without a key each request places an order, as before, and names it', async () => {
    const { shopper, body } = await readyToOrder();
    const first = await shopper.http.post('/api/order/cod').send(body).expect(201);
    const second = await shopper.http.post('/api/order/cod').send(body).expect(201);

    expect(first.body.orderId).not.toBe(second.body.orderId);
    const listed = userOrdersAnswerSchema
      .parse((await shopper.http.get('/api/order/user').expect(200)).body)
      .orders.map((order) => order._id);
    expect(listed.sort()).toEqual([first.body.orderId, second.body.orderId].sort());
  });

  test('the key with another body, or on the other placement, is a 409 and places nothing more', async () => {
    const { shopper, body } = await readyToOrder();
    const key = { 'Idempotency-Key': 'one-attempt' };
    await shopper.http.post('/api/order/cod').set(key).send(body).expect(201);

    const twice = { ...body, items: [{ ...body.items[0]!, quantity: 2 }] };
    await shopper.http
      .post('/api/order/cod')
      .set(key)
      .send(twice)
      .expect(409, { success: false, message: KEY_REUSED, code: 'IDEMPOTENCY_KEY_REUSED' });
    await shopper.http
      .post('/api/order/razorpay')
      .set(key)
      .send(body)
      .expect(409, { success: false, message: KEY_REUSED, code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await ordersOf(shopper.id)).toBe(1);
  });

  test("one shopper's key is no other's: two shoppers with the same key each place their order", async () => {
    const first = await readyToOrder();
    const second = await readyToOrder();
    const key = { 'Idempotency-Key': 'checkout-1' };
    const one = await first.shopper.http.post('/api/order/cod').set(key).send(first.body);
    const two = await second.shopper.http.post('/api/order/cod').set(key).send(second.body);

    expect([one.status, two.status]).toEqual([201, 201]);
    expect(one.body.orderId).not.toBe(two.body.orderId);
    expect(await ordersOf(first.shopper.id)).toBe(1);
    expect(await ordersOf(second.shopper.id)).toBe(1);
  });

  test.each([
    ['empty', ''],
    ['too long', 'k'.repeat(256)],
    ['not ASCII', 'clé-1'],
    ['tab-separated', 'key\tone'],
  ])('a key that is %s is a 400 naming the header and places nothing', async (_case, value) => {
    const { shopper, body } = await readyToOrder();
    for (const path of ['/api/order/cod', '/api/order/razorpay']) {
      await shopper.http.post(path).set('Idempotency-Key', value).send(body).expect(400, {
        success: false,
        message: 'Idempotency-Key must be 1 to 255 printable ASCII characters',
        code: 'INVALID',
      });
    }
    expect(await ordersOf(shopper.id)).toBe(0);
  });

  test('a key 255 printable characters long, spaces and symbols included, is taken', async () => {
    const { shopper, body } = await readyToOrder();
    const key = `a b~!{}"'${'x'.repeat(246)}`;
    expect(key).toHaveLength(255);
    const first = await shopper.http
      .post('/api/order/cod')
      .set('Idempotency-Key', key)
      .send(body)
      .expect(201);
    const repeat = await shopper.http
      .post('/api/order/cod')
      .set('Idempotency-Key', key)
      .send(body)
      .expect(201);
    expect(repeat.body).toEqual(first.body);
  });

  test('a key older than 24 hours is forgotten: it places a new order, and the old record is deleted', async () => {
    const { shopper, body } = await readyToOrder();
    const em = app.orm.em.fork();
    const old = em.create(OrderIdempotencyKeySchema, {
      user: shopper.id,
      key: 'yesterday',
      fingerprint: 'f'.repeat(64),
      answerStatus: 201,
      answer: { success: true, message: 'Order Placed Successfully', orderId: 'gone' },
      createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000),
    });
    await em.flush();

    const placed = await shopper.http
      .post('/api/order/cod')
      .set('Idempotency-Key', 'yesterday')
      .send(body)
      .expect(201);
    expect(placed.body.orderId).not.toBe('gone');
    expect(await ordersOf(shopper.id)).toBe(1);
    const after = app.orm.em.fork();
    expect(await after.count(OrderIdempotencyKeySchema, { id: old.id })).toBe(0);
    expect(
      await after.count(OrderIdempotencyKeySchema, { user: shopper.id, key: 'yesterday' }),
    ).toBe(1);
  });

  test("placing with a key deletes the shopper's other keys past 24 hours, and keeps their recent ones and other shoppers' old ones", async () => {
    const { shopper, body } = await readyToOrder();
    const other = await readyToOrder();
    const em = app.orm.em.fork();
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60 * 1000);
    const keyOf = (user: string, key: string, createdAt: Date) =>
      em.create(OrderIdempotencyKeySchema, {
        user,
        key,
        fingerprint: 'f'.repeat(64),
        answerStatus: 201,
        answer: { success: true, message: 'Order Placed Successfully', orderId: 'earlier' },
        createdAt,
      });
    const old = keyOf(shopper.id, 'last-week', hoursAgo(24 * 7));
    const recent = keyOf(shopper.id, 'this-morning', hoursAgo(3));
    const othersOld = keyOf(other.shopper.id, 'last-week', hoursAgo(24 * 7));
    await em.flush();

    const placed = await shopper.http
      .post('/api/order/cod')
      .set('Idempotency-Key', 'now')
      .send(body)
      .expect(201);

    const after = app.orm.em.fork();
    const left = await after.find(OrderIdempotencyKeySchema, {
      id: { $in: [old.id, recent.id, othersOld.id] },
    });
    expect(left.map((key) => key.id).sort()).toEqual([recent.id, othersOld.id].sort());
    const claimed = await after.findOneOrFail(OrderIdempotencyKeySchema, {
      user: shopper.id,
      key: 'now',
    });
    expect(claimed).toMatchObject({ order: { id: placed.body.orderId }, answerStatus: 201 });
    expect(claimed.answer).toEqual(placed.body);
  });

  test('an online order placed with a key, again and 5 times at once, is one order with one provider order', async () => {
    const { shopper, body } = await readyToOrder();
    const send = () =>
      shopper.http.post('/api/order/razorpay').set('Idempotency-Key', 'pay-online-1').send(body);
    const first = await send().expect(201);
    const answer = onlineOrderAnswerSchema.parse(first.body);
    const repeats = await Promise.all([send(), send(), send(), send(), send(), send()]);

    for (const repeat of repeats) {
      expect(repeat.status).toBe(201);
      expect(repeat.body).toEqual(answer);
    }
    expect(await ordersOf(shopper.id)).toBe(1);
    expect(await app.orm.em.fork().count(PaymentSchema, { order: answer.orderId })).toBe(1);
  });

  test('5 concurrent online requests with one key open one provider order, and all get it', async () => {
    const { shopper, body } = await readyToOrder();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        shopper.http.post('/api/order/razorpay').set('Idempotency-Key', 'raced').send(body),
      ),
    );
    const first = onlineOrderAnswerSchema.parse(answers[0]!.body);
    for (const answer of answers) {
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual(first);
    }
    expect(await ordersOf(shopper.id)).toBe(1);
    expect(await app.orm.em.fork().count(PaymentSchema, { order: first.orderId })).toBe(1);
  });

  test('when the provider refuses, a repeat of the key gets the same 503 and places no second order', async () => {
    const { shopper, body } = await readyToOrder();
    const sandbox = app.payments.provider;
    app.payments.provider = Object.assign(Object.create(sandbox) as PaymentProvider, {
      createOrder: () => Promise.reject(new Error('Razorpay is down')),
    });
    try {
      const send = () =>
        shopper.http.post('/api/order/razorpay').set('Idempotency-Key', 'down').send(body);
      const refused = await send().expect(503);
      expect(refused.body).toEqual({
        success: false,
        message: 'Failed to create Razorpay order',
        code: 'PAYMENT_UNAVAILABLE',
      });
      app.payments.provider = sandbox;
      const repeat = await send();
      expect({ status: repeat.status, body: repeat.body }).toEqual({
        status: 503,
        body: refused.body,
      });
    } finally {
      app.payments.provider = sandbox;
    }
    expect(await ordersOf(shopper.id)).toBe(1);
  });
});
