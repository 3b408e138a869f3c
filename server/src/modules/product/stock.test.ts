import { MAX_STOCK_COUNT, productListAnswerSchema } from '@kirana/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { useTestApp, useSeller } from '../../test/fixtures.js';
import { createDatabase } from '../../test/database.js';
import {
  createListedProduct,
  sampleAddress,
  signInSeller,
  signUpShopper,
} from '../../test/factories.js';
import { placeOnlineOrder } from '../../test/payments.js';
import { OrderItemSchema, OrderSchema } from '../order/order.entity.js';
import { expireUnpaidOrder } from '../payment/expiry.js';
import { ProductEventSchema, ProductSchema } from './product.entity.js';

type Shopper = Awaited<ReturnType<typeof signUpShopper>> & { addressId: string };

/** A shopper signed up with one saved address, ready to order. */
async function readyShopper(app: TestApp): Promise<Shopper> {
  const shopper = await signUpShopper(app);
  const added = await shopper.http
    .post('/api/address/add')
    .send({ address: sampleAddress })
    .expect(201);
  return { ...shopper, addressId: added.body.address._id as string };
}

const order = (shopper: Shopper, items: { product: string; quantity: number }[]) =>
  shopper.http.post('/api/order/cod').send({ items, address: shopper.addressId });

describe('counted stock', () => {
  let shopper: Shopper;
  const app = useTestApp();
  const seller = useSeller(app);
  // A shopper a test: one holds only so many open unpaid orders.
  beforeEach(async () => {
    shopper = await readyShopper(app);
  });

  const stockOf = async (id: string) => {
    const { inStock, stockCount } = await app.orm.em.fork().findOneOrFail(ProductSchema, { id });
    return { inStock, stockCount };
  };
  const setStock = (body: Record<string, unknown>) => seller.post('/api/product/stock').send(body);
  /** A listed product the seller counts `units` of. */
  const counted = async (units: number) => {
    const product = await createListedProduct(app);
    await setStock({ id: product.id, stockCount: units }).expect(200);
    return product.id;
  };

  test('the seller counts a product’s units: a count sets the switch, null stops counting, and each change is in the product’s history', async () => {
    const { id } = await createListedProduct(app);

    const answer = await setStock({ id, stockCount: 12 }).expect(200);
    expect(answer.body.product).toMatchObject({ inStock: true, stockCount: 12 });
    await setStock({ id, stockCount: 0 }).expect(200);
    expect(await stockOf(id)).toEqual({ inStock: false, stockCount: 0 });
    await setStock({ id, stockCount: 5 }).expect(200);
    expect(await stockOf(id)).toEqual({ inStock: true, stockCount: 5 });
    // The switch still works on a counted product (say, a spoiled batch), and both go together.
    await setStock({ id, inStock: false }).expect(200);
    expect(await stockOf(id)).toEqual({ inStock: false, stockCount: 5 });
    await setStock({ id, inStock: true, stockCount: 7 }).expect(200);
    await setStock({ id, stockCount: null }).expect(200);
    expect(await stockOf(id)).toEqual({ inStock: true, stockCount: null });

    const history = await app.orm.em
      .fork()
      .find(ProductEventSchema, { product: id }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    expect(history.map(({ type, inStock, stockCount }) => [type, inStock, stockCount])).toEqual([
      ['stock', true, 12],
      ['stock', false, 0],
      ['stock', true, 5],
      ['stock', false, 5],
      ['stock', true, 7],
      ['stock', true, null],
    ]);
  });

  test('a stock change that is not one is a 400 naming what is wrong, and changes nothing', async () => {
    const id = await counted(4);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ id }, /inStock or stockCount is required/],
      [{ id, stockCount: -1 }, /stockCount must not be negative/],
      [{ id, stockCount: 2.5 }, /stockCount must be a whole number/],
      [{ id, stockCount: '3' }, /stockCount must be a whole number/],
      [{ id, stockCount: MAX_STOCK_COUNT + 1 }, /stockCount must be at most/],
      [{ id, inStock: 'yes' }, /inStock must be true or false/],
      [{ id: 'nope', stockCount: 3 }, /id must be a valid id/],
    ];
    for (const [body, message] of cases) {
      const refused = await setStock(body).expect(400);
      expect(refused.body).toEqual({
        success: false,
        message: expect.stringMatching(message),
        code: 'INVALID',
      });
    }
    await setStock({ id: '0190a5b2-7c3e-7a10-8000-000000000000', stockCount: 3 }).expect(404);
    // In stock with no units left would list a product nobody can order.
    const noneLeft = async (product: string) =>
      `${(await app.orm.em.fork().findOneOrFail(ProductSchema, { id: product })).name} has no units left: enter how many there are to put it back in stock`;
    const sold = await counted(0);
    expect((await setStock({ id: sold, inStock: true }).expect(409)).body).toEqual({
      success: false,
      message: await noneLeft(sold),
      code: 'CONFLICT',
    });
    expect((await setStock({ id, inStock: true, stockCount: 0 }).expect(409)).body).toEqual({
      success: false,
      message: await noneLeft(id),
      code: 'CONFLICT',
    });
    expect(await stockOf(sold)).toEqual({ inStock: false, stockCount: 0 });
    await shopper.http.post('/api/product/stock').send({ id, stockCount: 99 }).expect(401);
    expect(await stockOf(id)).toEqual({ inStock: true, stockCount: 4 });
  });

  test('an order takes its units; one more than is left is a 409 naming the product, and no line takes any', async () => {
    const [apples, pears] = [await counted(10), await counted(2)];

    await order(shopper, [{ product: apples, quantity: 3 }]).expect(201);
    expect(await stockOf(apples)).toEqual({ inStock: true, stockCount: 7 });

    const orders = await app.orm.em.fork().count(OrderSchema, { user: shopper.id });
    const refused = await order(shopper, [
      { product: apples, quantity: 4 },
      { product: pears, quantity: 3 },
    ]).expect(409);
    const name = (await app.orm.em.fork().findOneOrFail(ProductSchema, { id: pears })).name;
    expect(refused.body).toEqual({
      success: false,
      message: `${name}: only 2 left in stock`,
      code: 'OUT_OF_STOCK',
    });
    expect(await stockOf(apples)).toEqual({ inStock: true, stockCount: 7 });
    expect(await stockOf(pears)).toEqual({ inStock: true, stockCount: 2 });
    expect(await app.orm.em.fork().count(OrderSchema, { user: shopper.id })).toBe(orders);
  });

  test('the last unit takes the product out of stock, on the catalogue too; the next order is refused', async () => {
    const id = await counted(2);
    await order(shopper, [{ product: id, quantity: 2 }]).expect(201);
    expect(await stockOf(id)).toEqual({ inStock: false, stockCount: 0 });

    const catalogue = productListAnswerSchema.parse(
      (await app.http().get('/api/product/list').expect(200)).body,
    );
    expect(catalogue.products.find((product) => product._id === id)).toMatchObject({
      inStock: false,
      stockCount: 0,
    });
    const refused = await order(shopper, [{ product: id, quantity: 1 }]).expect(409);
    expect(refused.body.message).toMatch(/is out of stock$/);
  });

  test('an uncounted product is sold by its switch alone, and stays uncounted', async () => {
    const { id } = await createListedProduct(app);
    await order(shopper, [{ product: id, quantity: 5 }]).expect(201);
    expect(await stockOf(id)).toEqual({ inStock: true, stockCount: null });
    const lines = await app.orm.em.fork().find(OrderItemSchema, { product: id });
    expect(lines.map((line) => line.stockTaken)).toEqual([false]);
  });

  test('an unpaid online order that expires puts its units back, once; a product back from 0 is in stock again', async () => {
    const placed = await placeOnlineOrder(app, shopper, { quantity: 3 });
    const [line] = await app.orm.em.fork().find(OrderItemSchema, { order: placed.orderId });
    const id = line!.product.id;
    // Counted from now on: that order took nothing, so its expiry puts nothing back.
    await setStock({ id, stockCount: 3 }).expect(200);
    const takesAll = await shopper.http
      .post('/api/order/razorpay')
      .send({ items: [{ product: id, quantity: 3 }], address: shopper.addressId })
      .expect(201);
    expect(await stockOf(id)).toEqual({ inStock: false, stockCount: 0 });

    const past = new Date(Date.now() - 1000);
    await app.orm.em.fork().nativeUpdate(OrderSchema, { user: shopper.id }, { expiresAt: past });
    expect(await expireUnpaidOrder(app.orm.em.fork(), app.payments, takesAll.body.orderId)).toBe(
      true,
    );
    expect(await stockOf(id)).toEqual({ inStock: true, stockCount: 3 });
    expect(await expireUnpaidOrder(app.orm.em.fork(), app.payments, takesAll.body.orderId)).toBe(
      false,
    );
    expect(await expireUnpaidOrder(app.orm.em.fork(), app.payments, placed.orderId)).toBe(true);
    expect(await stockOf(id)).toEqual({ inStock: true, stockCount: 3 });
  });
});

// A product with 10 units, and 100 shoppers ordering one each at the same moment: the count
// must end at 0 with exactly 10 sold, on the embedded database and on PostgreSQL (CI).
const databases = [
  { name: 'the embedded database', adminUrl: '' },
  ...(process.env.DATABASE_URL ? [{ name: 'PostgreSQL', adminUrl: process.env.DATABASE_URL }] : []),
];

describe.each(databases)('100 shoppers at once for 10 units, on $name', ({ adminUrl }) => {
  let app: TestApp;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const database = await createDatabase(adminUrl);
    drop = database.drop;
    app = await createTestApp({ database });
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await drop();
  });

  test('exactly 10 are sold and 90 clearly refused; the count never goes below 0', async () => {
    const seller = await signInSeller(app);
    const product = await createListedProduct(app);
    await seller.http
      .post('/api/product/stock')
      .send({ id: product.id, stockCount: 10 })
      .expect(200);
    const shoppers: Shopper[] = [];
    // Signed up ten at a time: each sign-up hashes a password.
    for (let batch = 0; batch < 10; batch += 1) {
      shoppers.push(...(await Promise.all(Array.from({ length: 10 }, () => readyShopper(app)))));
    }

    const answers = await Promise.all(
      shoppers.map((shopper) => order(shopper, [{ product: product.id, quantity: 1 }])),
    );

    const refusals = answers.filter((answer) => answer.status === 409);
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(10);
    expect(refusals).toHaveLength(90);
    for (const refused of refusals) {
      expect(refused.body).toEqual({
        success: false,
        message: `${product.name} is out of stock`,
        code: 'OUT_OF_STOCK',
      });
    }
    const em = app.orm.em.fork();
    expect(await em.findOneOrFail(ProductSchema, { id: product.id })).toMatchObject({
      stockCount: 0,
      inStock: false,
    });
    const sold = await em.find(OrderItemSchema, { product: product.id });
    expect(sold.reduce((units, line) => units + line.quantity, 0)).toBe(10);
    expect(sold.every((line) => line.stockTaken)).toBe(true);
  }, 120_000);
});
