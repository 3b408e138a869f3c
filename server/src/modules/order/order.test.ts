import { userOrdersAnswerSchema } from '@kirana/shared';
import { describe, expect, test } from 'vitest';
import { useTestApp } from '../../test/fixtures.js';
import { createProduct, sampleAddress, signUpShopper } from '../../test/factories.js';
import { ProductSchema } from '../product/product.entity.js';
import { UserSchema } from '../user/user.entity.js';
import { OrderIdempotencyKeySchema } from './order-idempotency.entity.js';
import { OrderEventSchema, OrderSchema } from './order.entity.js';

describe('shopper orders', () => {
  const app = useTestApp();

  /**
   * A signed-in shopper with a saved address and a cart, ready to order; `orderCod` orders
   * `lines` ([product id, quantity] each) cash on delivery to that address.
   */
  async function shopperWithAddress() {
    const shopper = await signUpShopper(app);
    const { address } = (
      await shopper.http.post('/api/address/add').send({ address: sampleAddress })
    ).body;
    const addressId = address._id as string;
    const orderCod = (...lines: [string, number][]) =>
      shopper.http.post('/api/order/cod').send({
        items: lines.map(([product, quantity]) => ({ product, quantity })),
        address: addressId,
      });
    return { ...shopper, addressId, orderCod };
  }

  const ordersOf = async (userId: string) => app.orm.em.fork().count(OrderSchema, { user: userId });

  test('a COD order is priced from the database, 2 % tax rounded down, and empties the saved cart', async () => {
    const em = app.orm.em.fork();
    const dal = await createProduct(em, {
      name: 'Toor Dal',
      pricePaise: 4000,
      offerPricePaise: 3333,
    });
    const rice = await createProduct(em, {
      name: 'Sona Masoori',
      pricePaise: 9000,
      offerPricePaise: 8550,
    });
    const { http, id, addressId } = await shopperWithAddress();
    await http.post('/api/cart/update').send({ cartItems: { [dal.id]: 1, [rice.id]: 2 } });

    const placed = await http
      .post('/api/order/cod')
      .send({
        items: [
          { product: dal.id, quantity: 1 },
          { product: rice.id, quantity: 2 },
        ],
        address: addressId,
        amount: 1, // the server never takes money from the body
      })
      .expect(201);

    const { orders } = userOrdersAnswerSchema.parse(
      (await http.get('/api/order/user').expect(200)).body,
    );
    expect(orders).toHaveLength(1);
    const [order] = orders;
    expect(placed.body).toEqual({
      success: true,
      message: 'Order Placed Successfully',
      orderId: order!._id,
    });
    // 33.33 + 2 × 85.50 = 204.33; tax 2 % = 4.0866 → 4.08; amount 208.41
    expect(order).toMatchObject({
      userId: id,
      amount: 208.41,
      status: 'Order Placed',
      paymentType: 'COD',
      isPaid: false,
      assignedTo: null,
      address: { ...sampleAddress, _id: addressId, phone: '+919845012345' },
    });
    expect(order!.items.map((item) => [item.product.name, item.quantity])).toEqual([
      ['Toor Dal', 1],
      ['Sona Masoori', 2],
    ]);
    const user = await app.orm.em.fork().findOneOrFail(UserSchema, { id });
    expect(user.cartItems).toEqual({});
    const history = await app.orm.em.fork().find(OrderEventSchema, { order: order!._id });
    expect(history).toMatchObject([
      { type: 'placed', actorRole: 'user', actorId: id, toStatus: 'Order Placed' },
    ]);
  });

  test('a past order keeps the price charged when the product price changes later', async () => {
    const em = app.orm.em.fork();
    const product = await createProduct(em, { pricePaise: 5000, offerPricePaise: 4000 });
    const { http, orderCod } = await shopperWithAddress();
    await orderCod([product.id, 2]).expect(201);
    product.offerPricePaise = 4500;
    await em.flush();

    const [order] = (await http.get('/api/order/user')).body.orders;
    expect(order.items[0].product.offerPrice).toBe(40);
    expect(order.amount).toBe(81.6);
  });

  test('an order whose total would not fit the amount column is a 400, not a 500', async () => {
    const product = await createProduct(app.orm.em.fork(), {
      pricePaise: 1_000_000_000,
      offerPricePaise: 1_000_000_000,
    });
    const { id, orderCod } = await shopperWithAddress();
    await orderCod([product.id, 3]).expect(400, {
      success: false,
      message: 'items: the order total is too large',
      code: 'INVALID',
    });
    expect(await ordersOf(id)).toBe(0);
  });

  test('the same product listed twice becomes one line with the quantities added', async () => {
    const product = await createProduct(app.orm.em.fork(), { offerPricePaise: 1000 });
    const { http, orderCod } = await shopperWithAddress();
    await orderCod([product.id, 2], [product.id, 3]).expect(201);

    const [order] = (await http.get('/api/order/user')).body.orders;
    expect(order.items).toHaveLength(1);
    expect(order.items[0].quantity).toBe(5);
  });

  test('an out-of-stock product is a 409 naming it, and nothing is written: no order, cart kept', async () => {
    const em = app.orm.em.fork();
    const inStock = await createProduct(em);
    const gone = await createProduct(em, { name: 'Alphonso Mango', inStock: false });
    const { http, id, orderCod } = await shopperWithAddress();
    await http.post('/api/cart/update').send({ cartItems: { [inStock.id]: 1, [gone.id]: 1 } });

    await orderCod([inStock.id, 1], [gone.id, 1]).expect(409, {
      success: false,
      message: 'Alphonso Mango is out of stock',
      code: 'OUT_OF_STOCK',
    });

    expect(await ordersOf(id)).toBe(0);
    expect((await http.get('/api/user/is-auth')).body.user.cartItems).toEqual({
      [inStock.id]: 1,
      [gone.id]: 1,
    });
  });

  test.each([
    [
      'no address',
      (product: string) => ({ items: [{ product, quantity: 1 }] }),
      'Please select an address',
    ],
    [
      'no items',
      () => ({ items: [], address: '01890a5d-ac96-774b-bcce-b302099a8057' }),
      'items must list 1 to 100 products',
    ],
    [
      'a quantity of 1000',
      (product: string) => ({
        items: [{ product, quantity: 1000 }],
        address: '01890a5d-ac96-774b-bcce-b302099a8057',
      }),
      'quantity must be an integer from 1 to 999',
    ],
    [
      'a malformed product id',
      () => ({
        items: [{ product: 'abc', quantity: 1 }],
        address: '01890a5d-ac96-774b-bcce-b302099a8057',
      }),
      'product must be a valid id',
    ],
  ])('an order with %s is a 400 "%s" and writes nothing', async (_case, body, message) => {
    const product = await createProduct(app.orm.em.fork());
    const { http, id } = await shopperWithAddress();
    await http
      .post('/api/order/cod')
      .send(body(product.id))
      .expect(400, { success: false, message, code: 'INVALID' });
    expect(await ordersOf(id)).toBe(0);
  });

  test('an unknown product is a 400 naming its id; two lines adding up past 999 are a 400', async () => {
    const product = await createProduct(app.orm.em.fork());
    const { id, orderCod } = await shopperWithAddress();
    const unknown = '01890a5d-ac96-774b-bcce-b302099a8057';

    const missing = await orderCod([unknown, 1]).expect(400);
    expect(missing.body.message).toBe(`items: no product with id ${unknown}`);
    await orderCod([product.id, 600], [product.id, 600]).expect(400);
    expect(await ordersOf(id)).toBe(0);
  });

  test.each([
    ['an out-of-stock product', 409, 'OUT_OF_STOCK', 'Alphonso Mango is out of stock'],
    [
      'an unknown product',
      400,
      'INVALID',
      'items: no product with id 01890a5d-ac96-774b-bcce-b302099a8057',
    ],
    ["another shopper's address", 404, 'NOT_FOUND', 'Address not found'],
  ] as const)(
    'an order with %s and an Idempotency-Key is a %i that writes nothing: no order, no key, the cart kept; the key then places the corrected order',
    async (refusal, status, code, message) => {
      const em = app.orm.em.fork();
      const inStock = await createProduct(em, { offerPricePaise: 2500 });
      const gone = await createProduct(em, { name: 'Alphonso Mango', inStock: false });
      const { http, id, addressId } = await shopperWithAddress();
      const owner = await shopperWithAddress();
      const cart = { [inStock.id]: 2 };
      await http.post('/api/cart/update').send({ cartItems: cart }).expect(200);
      const item = { product: inStock.id, quantity: 2 };
      const refused = {
        'an out-of-stock product': {
          items: [item, { product: gone.id, quantity: 1 }],
          address: addressId,
        },
        'an unknown product': {
          items: [item, { product: '01890a5d-ac96-774b-bcce-b302099a8057', quantity: 1 }],
          address: addressId,
        },
        "another shopper's address": { items: [item], address: owner.addressId },
      }[refusal];
      const key = { 'Idempotency-Key': `refused-${refusal}` };

      await http
        .post('/api/order/cod')
        .set(key)
        .send(refused)
        .expect(status, { success: false, message, code });

      const after = app.orm.em.fork();
      expect(await ordersOf(id)).toBe(0);
      expect(await after.count(OrderIdempotencyKeySchema, { user: id })).toBe(0);
      expect((await after.findOneOrFail(UserSchema, { id })).cartItems).toEqual(cart);
      const placed = await http
        .post('/api/order/cod')
        .set(key)
        .send({ items: [item], address: addressId })
        .expect(201);
      const [order] = (await http.get('/api/order/user').expect(200)).body.orders;
      expect(placed.body.orderId).toBe(order._id);
      expect(order.amount).toBe(51); // 2 × 25.00 + 2 % tax
    },
  );

  test("ordering to another shopper's address is a 404 and writes nothing", async () => {
    const product = await createProduct(app.orm.em.fork());
    const owner = await shopperWithAddress();
    const other = await signUpShopper(app);

    await other.http
      .post('/api/order/cod')
      .send({ items: [{ product: product.id, quantity: 1 }], address: owner.addressId })
      .expect(404, { success: false, message: 'Address not found', code: 'NOT_FOUND' });
    expect(await ordersOf(other.id)).toBe(0);
  });

  test('a shopper sees only their own orders, newest first', async () => {
    const product = await createProduct(app.orm.em.fork());
    const mine = await shopperWithAddress();
    const theirs = await shopperWithAddress();
    const place = (shopper: typeof mine, quantity: number) =>
      shopper.http
        .post('/api/order/cod')
        .send({ items: [{ product: product.id, quantity }], address: shopper.addressId })
        .expect(201);
    await place(mine, 1);
    await place(theirs, 7);
    await place(mine, 2);

    const { orders } = (await mine.http.get('/api/order/user').expect(200)).body;
    expect(
      orders.map((order: { items: { quantity: number }[] }) => order.items[0]!.quantity),
    ).toEqual([2, 1]);
  });

  test('a line of more units than the shop’s most per line (20 by default) is a 409 TOO_MANY_UNITS naming the product and the most, cash or online, and takes nothing', async () => {
    const rice = await createProduct(app.orm.em.fork(), {
      name: 'Basmati Rice 1 kg',
      stockCount: 100,
    });
    const { http, id, addressId, orderCod } = await shopperWithAddress();
    const refusal = {
      success: false,
      code: 'TOO_MANY_UNITS',
      message: 'At most 20 of Basmati Rice 1 kg can be in one order',
    };
    const over = [
      [{ product: rice.id, quantity: 21 }],
      // The same product listed twice is one line.
      [
        { product: rice.id, quantity: 15 },
        { product: rice.id, quantity: 6 },
      ],
    ];
    for (const items of over) {
      for (const endpoint of ['/api/order/cod', '/api/order/razorpay'])
        await http.post(endpoint).send({ items, address: addressId }).expect(409, refusal);
    }
    expect(await ordersOf(id)).toBe(0);
    const stock = async () =>
      (await app.orm.em.fork().findOneOrFail(ProductSchema, { id: rice.id })).stockCount;
    expect(await stock()).toBe(100);

    await orderCod([rice.id, 20]).expect(201);
    expect(await stock()).toBe(80);
  });

  test('a shopper with as many open unpaid orders as the shop takes (3 by default) places no more, cash or online, told how many; a cancelled one frees a place', async () => {
    const product = await createProduct(app.orm.em.fork());
    const { http, id, addressId } = await shopperWithAddress();
    const order = { items: [{ product: product.id, quantity: 1 }], address: addressId };
    await http.post('/api/order/cod').send(order).expect(201);
    await http.post('/api/order/cod').send(order).expect(201);
    // An online order awaiting payment is open and unpaid too.
    await http.post('/api/order/razorpay').send(order).expect(201);
    const refusal = {
      success: false,
      code: 'TOO_MANY_OPEN_ORDERS',
      message:
        'You have 3 open orders not yet paid, the most the shop takes: order again once one is delivered, paid or cancelled',
    };
    await http.post('/api/order/cod').send(order).expect(409, refusal);
    await http
      .post('/api/order/razorpay')
      .set('Idempotency-Key', 'fourth-online')
      .send(order)
      .expect(409, refusal);
    expect(await ordersOf(id)).toBe(3);

    const [newest] = userOrdersAnswerSchema.parse(
      (await http.get('/api/order/user').expect(200)).body,
    ).orders;
    await http.post('/api/order/cancel').send({ orderId: newest!._id }).expect(200);
    // The key of the refused request places the order now that there is room.
    await http
      .post('/api/order/razorpay')
      .set('Idempotency-Key', 'fourth-online')
      .send(order)
      .expect(201);
    expect(await ordersOf(id)).toBe(4);
  });

  test('placements of one shopper racing each other never leave more open unpaid orders than the shop takes, with a key or without', async () => {
    const product = await createProduct(app.orm.em.fork());
    const { http, id, addressId } = await shopperWithAddress();
    const order = { items: [{ product: product.id, quantity: 1 }], address: addressId };
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) => {
        const request = http.post('/api/order/cod');
        if (index % 2 === 0) request.set('Idempotency-Key', `race-${index}`);
        return request.send(order);
      }),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(3);
    for (const refused of answers.filter((answer) => answer.status !== 201))
      expect(refused.body).toMatchObject({ success: false, code: 'TOO_MANY_OPEN_ORDERS' });
    expect(await ordersOf(id)).toBe(3);
  });

  test('placing and listing orders are 401 without a session', async () => {
    await app.http().get('/api/order/user').expect(401);
    await app.http().post('/api/order/cod').send({ items: [], address: '' }).expect(401);
  });
});
