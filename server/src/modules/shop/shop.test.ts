import {
  agentCashAnswerSchema,
  serviceableAnswerSchema,
  shopAnswerSchema,
  shopSavedAnswerSchema,
  SPEC_SHOP_SETTINGS,
  userOrdersAnswerSchema,
} from '@kirana/shared';
import { describe, expect, test, vi } from 'vitest';
import { useTestAppOfItsOwn, useSeller } from '../../test/fixtures.js';
import { nextLocalTime, setClock, weekdayIn } from '../../test/clock.js';
import {
  createProduct,
  deliveryPinOf,
  sampleAddress,
  signInAgent,
  signUpShopper,
} from '../../test/factories.js';
import { payInSandbox, placeOnlineOrder } from '../../test/payments.js';
import { connect, listen } from '../../test/sockets.js';
import { UserSchema } from '../user/user.entity.js';
import { OrderSchema } from '../order/order.entity.js';
import { ProductSchema } from '../product/product.entity.js';

describe('the shop’s promise: where, when, for how much, and when it arrives', () => {
  // Its own database: closing the shop here must not close it for the other test files.
  const app = useTestAppOfItsOwn();
  const seller = useSeller(app);

  const setShop = async (settings: Record<string, unknown>) =>
    shopSavedAnswerSchema.parse((await seller.put('/api/shop').send(settings).expect(200)).body);
  const resetShop = () => setShop(SPEC_SHOP_SETTINGS);

  /** A shopper with an address at `zipcode` and a cart of `quantity` of a product at ₹`price`. */
  async function shopperReady({ zipcode = '411001', price = 10000, quantity = 1 } = {}) {
    const shopper = await signUpShopper(app);
    const product = await createProduct(app.orm.em.fork(), {
      pricePaise: price + 1000,
      offerPricePaise: price,
      stockCount: 20,
    });
    const address = await shopper.http
      .post('/api/address/add')
      .send({ address: { ...sampleAddress, zipcode } })
      .expect(201);
    await shopper.http.post('/api/cart/update').send({ cartItems: { [product.id]: quantity } });
    const order = { items: [{ product: product.id, quantity }], address: address.body.address._id };
    return { ...shopper, product, order };
  }

  /** Nothing was written: no order, the units still there, the cart still full. */
  async function expectNothingWritten(shopper: Awaited<ReturnType<typeof shopperReady>>) {
    const em = app.orm.em.fork();
    expect(await em.count(OrderSchema, { user: shopper.id })).toBe(0);
    expect((await em.findOneOrFail(ProductSchema, { id: shopper.product.id })).stockCount).toBe(20);
    const user = await em.findOneOrFail(UserSchema, { id: shopper.id });
    expect(user.cartItems).toEqual({ [shopper.product.id]: shopper.order.items[0]?.quantity });
  }

  test('by default the spec’s shop: open around the clock, everywhere, free delivery, 30 minutes', async () => {
    const { shop, zipcodes } = shopAnswerSchema.parse(
      (await app.http().get('/api/shop').expect(200).expect('Cache-Control', 'no-store')).body,
    );
    expect(shop).toEqual({
      open: true,
      opensAt: null,
      closesAt: null,
      hours: [],
      pausedUntil: null,
      limitedArea: false,
      minimumOrder: 0,
      deliveryFee: 0,
      freeDeliveryAbove: 0,
      promiseMinutes: 30,
      maxPerLine: 20,
      maxOpenOrders: 3,
      upiId: '',
      upiName: '',
      scaleLabels: [
        { prefix: '21', value: 'grams' },
        { prefix: '23', value: 'paise' },
      ],
      timeZone: 'Asia/Kolkata',
      name: 'Kirana',
      phone: '1800 000 000',
      email: 'hello@kirana.example',
      address: '',
      returnsPolicy: '',
      tax: 'spec',
      gstin: '',
      legalName: '',
      invoicePrefix: '',
    });
    // The PIN codes are the seller's to read.
    expect(zipcodes).toBeUndefined();
    expect(
      shopAnswerSchema.parse((await seller.get('/api/shop').expect(200)).body).zipcodes,
    ).toEqual([]);
  });

  test('only the seller changes the settings; bad ones are refused with the field named, changing nothing', async () => {
    await app.http().put('/api/shop').send({ deliveryFee: 10 }).expect(401);
    const shopper = await signUpShopper(app);
    await shopper.http.put('/api/shop').send({ deliveryFee: 10 }).expect(401);
    const refusals: Array<[Record<string, unknown>, RegExp]> = [
      [{}, /must name at least one setting to change/],
      [{ colour: 'green' }, /must name at least one setting to change/],
      [{ zipcodes: ['41100'] }, /zipcodes must be PIN codes of six digits/],
      [{ zipcodes: '411001' }, /zipcodes must be a list/],
      [{ hours: [{ day: 7, opens: '07:00', closes: '22:00' }] }, /hours.day must be a weekday/],
      [{ hours: [{ day: 1, opens: '7am', closes: '22:00' }] }, /hours.opens must be a time/],
      [{ hours: [{ day: 1, opens: '07:00', closes: '07:00' }] }, /close at another time/],
      [{ deliveryFee: -5 }, /deliveryFee must not be negative/],
      [{ minimumOrder: 10.005 }, /minimumOrder must have at most two decimals/],
      [{ promiseMinutes: 2 }, /promiseMinutes must be a whole number from 5 to 240/],
      [{ maxPerLine: 0 }, /^maxPerLine must be a whole number from 1 to 999$/],
      [{ maxPerLine: 1000 }, /^maxPerLine must be a whole number from 1 to 999$/],
      [{ maxPerLine: 2.5 }, /^maxPerLine must be a whole number from 1 to 999$/],
      [{ maxPerLine: '20' }, /^maxPerLine must be a whole number from 1 to 999$/],
      [{ maxOpenOrders: 0 }, /^maxOpenOrders must be a whole number from 1 to 50$/],
      [{ maxOpenOrders: 51 }, /^maxOpenOrders must be a whole number from 1 to 50$/],
      [{ maxOpenOrders: null }, /^maxOpenOrders must be a whole number from 1 to 50$/],
      [{ timeZone: 'Mars/Olympus' }, /timeZone must be a time zone/],
      [{ timeZone: 'IST' }, /timeZone must be a time zone/],
      // Known to Node's Intl, not to PostgreSQL, which counts the dashboard's days.
      [{ timeZone: 'US/Pacific-New' }, /timeZone must be a time zone/],
      [{ upiId: 'not a upi id' }, /upiId must be a UPI id/],
      [{ upiName: 'Kirana\u001bStores' }, /^upiName must not contain control characters/],
      [{ pausedUntil: 'tomorrow' }, /pausedUntil must be a date and time/],
      [{ name: '  ' }, /name must not be empty/],
      [{ name: 'K'.repeat(61) }, /name must be at most 60 characters/],
      [{ phone: '12345' }, /phone must be an Indian phone number/],
      [{ phone: '+1 415 555 0100' }, /phone must be an Indian phone number/],
      [{ phone: 98765_43210 }, /phone must be text/],
      [{ email: 'hello at kirana' }, /email must be an e-mail address/],
      [{ address: 'a'.repeat(301) }, /address must be at most 300 characters/],
      [{ returnsPolicy: 'r'.repeat(2001) }, /returnsPolicy must be at most 2000 characters/],
      [{ returnsPolicy: 'Returns \u202Eeerf' }, /returnsPolicy must not contain text-direction/],
      [
        { pausedUntil: new Date(Date.now() + 15 * 24 * 3_600_000).toISOString() },
        /pausedUntil must be within 14 days/,
      ],
    ];
    for (const [body, message] of refusals) {
      const answer = await seller.put('/api/shop').send(body).expect(400);
      expect(answer.body).toMatchObject({ success: false, code: 'INVALID' });
      expect(answer.body.message, JSON.stringify(body)).toMatch(message);
    }
    const { shop } = shopAnswerSchema.parse((await seller.get('/api/shop').expect(200)).body);
    expect(shop).toMatchObject({
      deliveryFee: 0,
      hours: [],
      promiseMinutes: 30,
      maxPerLine: 20,
      maxOpenOrders: 3,
      timeZone: 'Asia/Kolkata',
      name: 'Kirana',
      phone: '1800 000 000',
    });
  });

  test('the seller sets the most of a product per order and the most open unpaid orders a shopper may have: everyone reads them, orders keep to them', async () => {
    try {
      // Any of the settings alone, the others kept.
      expect((await setShop({ maxPerLine: 5 })).shop).toMatchObject({
        maxPerLine: 5,
        maxOpenOrders: 3,
      });
      expect((await setShop({ maxOpenOrders: 1 })).shop).toMatchObject({
        maxPerLine: 5,
        maxOpenOrders: 1,
      });
      const { shop } = shopAnswerSchema.parse((await app.http().get('/api/shop').expect(200)).body);
      expect(shop).toMatchObject({ maxPerLine: 5, maxOpenOrders: 1 });

      const greedy = await shopperReady({ quantity: 6 });
      const tooMany = await greedy.http.post('/api/order/cod').send(greedy.order).expect(409);
      expect(tooMany.body).toEqual({
        success: false,
        code: 'TOO_MANY_UNITS',
        message: `At most 5 of ${greedy.product.name} can be in one order`,
      });
      await expectNothingWritten(greedy);

      const shopper = await shopperReady({ quantity: 5 });
      await shopper.http.post('/api/order/cod').send(shopper.order).expect(201);
      const second = await shopper.http
        .post('/api/order/cod')
        .send({ ...shopper.order, items: [{ product: shopper.product.id, quantity: 1 }] })
        .expect(409);
      expect(second.body).toEqual({
        success: false,
        code: 'TOO_MANY_OPEN_ORDERS',
        message:
          'You have 1 open order not yet paid, the most the shop takes: order again once it is delivered, paid or cancelled',
      });
      // Raised: the next one is taken.
      await setShop({ maxOpenOrders: 2 });
      await shopper.http
        .post('/api/order/cod')
        .send({ ...shopper.order, items: [{ product: shopper.product.id, quantity: 1 }] })
        .expect(201);
    } finally {
      await resetShop();
    }
  });

  test('the seller names the shop and says how to reach it and how returns go: everyone reads it', async () => {
    try {
      const saved = await setShop({
        name: '  Sharma General Store ',
        phone: '+91 98765-43210',
        email: 'Orders@Sharma.Example',
        // Lines as a Windows browser's text box sends them.
        address: '12 MG Road,\r\nPune 411001',
        returnsPolicy:
          'Bring it back within 7 days with the bill.\nFresh produce: tell us the same day.',
      });
      expect(saved.shop).toMatchObject({
        name: 'Sharma General Store',
        phone: '+91 98765-43210',
        email: 'orders@sharma.example',
      });
      const { shop } = shopAnswerSchema.parse((await app.http().get('/api/shop').expect(200)).body);
      expect(shop).toMatchObject({
        name: 'Sharma General Store',
        phone: '+91 98765-43210',
        email: 'orders@sharma.example',
        address: '12 MG Road,\nPune 411001',
        returnsPolicy:
          'Bring it back within 7 days with the bill.\nFresh produce: tell us the same day.',
      });
      // Other control characters are still refused, in lines too.
      const tab = await seller
        .put('/api/shop')
        .send({ address: '12 MG Road,\n\tPune' })
        .expect(400);
      expect(tab.body.message).toBe('address must not contain control characters (such as a tab)');
      // No e-mail and no address: none shown; a landline with its code is a phone too.
      const cleared = await setShop({ email: '', address: '', phone: '020 2612 3456' });
      expect(cleared.shop).toMatchObject({ email: '', address: '', phone: '020 2612 3456' });
    } finally {
      await resetShop();
    }
  });

  test('the seller pauses the shop: every storefront hears it at once, and orders are refused until it reopens', async () => {
    // Ten minutes before midnight in Pune: paused for twenty, the shop opens tomorrow.
    setClock(nextLocalTime('Asia/Kolkata', '23:50'));
    const storefront = await connect(app.socket('shop'));
    const heard = listen(storefront);
    const until = new Date(Date.now() + 20 * 60_000);
    try {
      const saved = await setShop({ pausedUntil: until.toISOString() });
      expect(saved.shop).toMatchObject({ open: false, opensAt: until.toISOString() });
      const live = await heard.waitFor<{ open: boolean; opensAt: string }>('shop:updated');
      expect(live).toMatchObject({ open: false, opensAt: until.toISOString() });

      const shopper = await shopperReady();
      const refused = await shopper.http.post('/api/order/cod').send(shopper.order).expect(409);
      expect(refused.body).toEqual({
        success: false,
        code: 'SHOP_CLOSED',
        message: 'Closed now — opens at 12:10 am tomorrow',
      });
      await shopper.http.post('/api/order/razorpay').send(shopper.order).expect(409);
      await expectNothingWritten(shopper);

      await setShop({ pausedUntil: null });
      await heard.waitFor<{ open: boolean }>('shop:updated', (shop) => shop.open);
      await shopper.http.post('/api/order/cod').send(shopper.order).expect(201);
    } finally {
      vi.useRealTimers();
      storefront.disconnect();
      await resetShop();
    }
  });

  test('opening hours across midnight, read in the shop’s own time zone', async () => {
    // 23:30 in New York is 09:00 or 10:00 the next morning in Pune, whatever hour CI runs at.
    const night = nextLocalTime('America/New_York', '23:30');
    setClock(night);
    try {
      // Open in New York across its midnight, from 22:00 to 02:00…
      const opening = {
        day: weekdayIn(night, 'America/New_York'),
        opens: '22:00',
        closes: '02:00',
      };
      const open = await setShop({ hours: [opening], timeZone: 'America/New_York' });
      expect(open.shop.open).toBe(true);
      expect(open.shop.closesAt).toBe(new Date(night.getTime() + 150 * 60_000).toISOString());
      const shopper = await shopperReady();
      await shopper.http.post('/api/order/cod').send(shopper.order).expect(201);

      // …and the same hours in Pune, where it is the next morning, are closed: nothing placed.
      const closed = await setShop({ timeZone: 'Asia/Kolkata' });
      expect(closed.shop.open).toBe(false);
      const another = await shopperReady();
      const refused = await another.http.post('/api/order/cod').send(another.order).expect(409);
      expect(refused.body.code).toBe('SHOP_CLOSED');
      await expectNothingWritten(another);
    } finally {
      vi.useRealTimers();
      await resetShop();
    }
  });

  test('a PIN code the shop does not deliver to is told on the address form and refused at the order', async () => {
    try {
      await setShop({
        zipcodes: ['411002', '411001', '411001', '411003', '411004', '411005', '411006'],
      });
      const { zipcodes, shop } = shopAnswerSchema.parse((await seller.get('/api/shop')).body);
      expect(zipcodes).toEqual(['411001', '411002', '411003', '411004', '411005', '411006']);
      expect(shop.limitedArea).toBe(true);

      const check = async (zipcode: string) =>
        serviceableAnswerSchema.parse(
          (await app.http().get('/api/shop/serviceable').query({ zipcode }).expect(200)).body,
        );
      expect(await check('411002')).toEqual({
        success: true,
        serviceable: true,
        message: 'We deliver to 411002',
      });
      expect(await check('560001')).toEqual({
        success: true,
        serviceable: false,
        message:
          "We don't deliver to 560001 yet — we deliver to 411001, 411002, 411003, 411004, 411005 and 1 more",
      });
      const bad = await app.http().get('/api/shop/serviceable').query({ zipcode: 'x' }).expect(400);
      expect(bad.body.code).toBe('INVALID');

      const shopper = await shopperReady({ zipcode: '560001' });
      const refused = await shopper.http.post('/api/order/cod').send(shopper.order).expect(409);
      expect(refused.body).toMatchObject({ code: 'NOT_SERVICEABLE', message: /560001/ });
      await expectNothingWritten(shopper);
      const served = await shopperReady({ zipcode: '411004' });
      await served.http.post('/api/order/cod').send(served.order).expect(201);
    } finally {
      await resetShop();
    }
  });

  test('an order under the minimum is refused, saying how much more; at the minimum it is placed', async () => {
    try {
      await setShop({ minimumOrder: 199 });
      const shopper = await shopperReady({ price: 9900, quantity: 2 }); // ₹198
      const refused = await shopper.http.post('/api/order/cod').send(shopper.order).expect(409);
      expect(refused.body).toEqual({
        success: false,
        code: 'BELOW_MINIMUM',
        message: 'The minimum order is Rs 199.00: add Rs 1.00 more',
      });
      await expectNothingWritten(shopper);
      const enough = await shopperReady({ price: 19900 });
      await enough.http.post('/api/order/cod').send(enough.order).expect(201);
    } finally {
      await resetShop();
    }
  });

  test('the delivery fee is in the amount to the paisa, waived from the free-delivery subtotal, online and at the door', async () => {
    try {
      await setShop({ deliveryFee: 25.5, freeDeliveryAbove: 199 });
      // ₹198 of items: 2 % tax ₹3.96, fee ₹25.50 → ₹227.46.
      const small = await shopperReady({ price: 9900, quantity: 2 });
      await small.http.post('/api/order/cod').send(small.order).expect(201);
      const [order] = userOrdersAnswerSchema.parse(
        (await small.http.get('/api/order/user').expect(200)).body,
      ).orders;
      expect(order).toMatchObject({ amount: 227.46, deliveryFee: 25.5 });

      // At ₹199 it is free: ₹199 + ₹3.98.
      const free = await shopperReady({ price: 19900 });
      await free.http.post('/api/order/cod').send(free.order).expect(201);
      const [freeOrder] = userOrdersAnswerSchema.parse(
        (await free.http.get('/api/order/user').expect(200)).body,
      ).orders;
      expect(freeOrder).toMatchObject({ amount: 202.98, deliveryFee: 0 });

      // Online: the provider is asked for the amount with the fee (₹99.50 + ₹1.99 + ₹25.50).
      const online = await placeOnlineOrder(app, await signUpShopper(app), {
        offerPricePaise: 9950,
      });
      expect(online.order.amount).toBe(12699);

      // The agent collects the whole amount in cash: their ledger says ₹227.46.
      const { http: agent } = await signInAgent(app);
      await agent.post('/api/agents/accept').send({ orderId: order?._id }).expect(200);
      await agent.put(`/api/agents/mark-paid/${order?._id}`).expect(200);
      const cash = agentCashAnswerSchema.parse(
        (await agent.get('/api/agents/cash').expect(200)).body,
      );
      expect(cash.cashInHand).toBe(227.46);
    } finally {
      await resetShop();
    }
  });

  test('an order carries when it should arrive, and when it was accepted, picked and delivered; its shopper sees who brings it while it is on its way', async () => {
    await setShop({ promiseMinutes: 25 });
    try {
      const shopper = await shopperReady();
      await shopper.http.post('/api/order/cod').send(shopper.order).expect(201);
      const mine = async () =>
        userOrdersAnswerSchema.parse((await shopper.http.get('/api/order/user').expect(200)).body)
          .orders[0];
      const placed = await mine();
      expect(Date.parse(placed?.promisedAt ?? '') - Date.parse(placed?.createdAt ?? '')).toBe(
        25 * 60_000,
      );
      expect(placed).toMatchObject({
        acceptedAt: null,
        pickedAt: null,
        deliveredAt: null,
        agent: null,
      });

      const shopperSocket = await connect(app.socket('shop', shopper.http));
      const heard = listen(shopperSocket);
      const { http: agentHttp, agent } = await signInAgent(app, 'Meena Devi');
      const orderId = placed?._id ?? '';
      await agentHttp.post('/api/agents/accept').send({ orderId }).expect(200);
      const accepted = await heard.waitFor<{ agent: unknown; acceptedAt: string }>(
        'order:updated',
        (order) => order.agent !== null,
      );
      expect(accepted.agent).toEqual({ name: 'Meena Devi', phone: agent.phone });
      expect(accepted.acceptedAt).not.toBeNull();
      shopperSocket.disconnect();

      await agentHttp.put(`/api/agents/status/${orderId}`).send({ status: 'Picked' }).expect(200);
      await agentHttp.put(`/api/agents/mark-paid/${orderId}`).expect(200);
      const pin = await deliveryPinOf(app, orderId);
      await agentHttp
        .put(`/api/agents/status/${orderId}`)
        .send({ status: 'Delivered', pin })
        .expect(200);
      const delivered = await mine();
      expect(delivered?.pickedAt).not.toBeNull();
      expect(delivered?.deliveredAt).not.toBeNull();
      // The agent's name and phone, like the PIN, only while the order is on its way.
      expect(delivered?.agent).toBeNull();
      expect(Date.parse(delivered?.deliveredAt ?? '')).toBeGreaterThanOrEqual(
        Date.parse(delivered?.pickedAt ?? ''),
      );

      // Online, the promise runs from the payment.
      const online = await placeOnlineOrder(app, shopper);
      const unpaid = await app.orm.em.fork().findOneOrFail(OrderSchema, { id: online.orderId });
      expect(unpaid.promisedAt).toBeNull();
      const callback = await payInSandbox(app, online.order.id);
      await shopper.http.post('/api/order/verify').send(callback).expect(200);
      const paid = await app.orm.em.fork().findOneOrFail(OrderSchema, { id: online.orderId });
      expect((paid.promisedAt?.getTime() ?? 0) - (paid.paidAt?.getTime() ?? 0)).toBe(25 * 60_000);
    } finally {
      await resetShop();
    }
  });
});
