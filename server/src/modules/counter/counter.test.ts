import {
  counterDayAnswerSchema,
  counterDaysAnswerSchema,
  counterLookupAnswerSchema,
  counterReturnAnswerSchema,
  counterSaleAnswerSchema,
  counterSalesAnswerSchema,
  dayIn,
  financialYearOf,
  financialYearOfDay,
  IDEMPOTENCY_KEY_HEADER,
  MAX_STOCK_COUNT,
  shopAnswerSchema,
} from '@kirana/shared';
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { asBytes } from '../../test/app.js';
import { useTestAppOfItsOwn } from '../../test/fixtures.js';
import { createProduct, sampleAddress, signUpShopper } from '../../test/factories.js';
import { connect, listen } from '../../test/sockets.js';
import { useTill } from '../../test/till.js';
import { ProductSchema } from '../product/product.entity.js';
import { CounterSaleLineSchema } from './counter.entity.js';

describe('the counter: walk-in sales on the shop’s one stock, returns and the day of the till', () => {
  // Its own database: one day of the till is open at a time, shop-wide.
  const app = useTestAppOfItsOwn();
  const { seller, openDay, sell, stockOf } = useTill(app);

  test('a scanner’s barcode or a typed code finds the live product; an unknown or archived one is a 404', async () => {
    const product = await createProduct(app.orm.em.fork(), {
      barcode: '8901234567890',
      sku: 'ATTA-5KG',
    });
    for (const code of ['8901234567890', 'atta-5kg', ' ATTA-5KG ']) {
      const found = counterLookupAnswerSchema.parse(
        (await seller.get('/api/counter/lookup').query({ code }).expect(200)).body,
      );
      expect(found.product._id, code).toBe(product.id);
    }
    // A code that is one product's barcode and another's SKU is the barcode's.
    const skuOnly = await createProduct(app.orm.em.fork(), { sku: '7700000000001' });
    const byBarcode = await createProduct(app.orm.em.fork(), { barcode: '7700000000001' });
    const found = counterLookupAnswerSchema.parse(
      (await seller.get('/api/counter/lookup').query({ code: '7700000000001' }).expect(200)).body,
    );
    expect(found.product._id).toBe(byBarcode.id);
    expect(found.product._id).not.toBe(skuOnly.id);
    const missing = await seller.get('/api/counter/lookup').query({ code: '0000' }).expect(404);
    expect(missing.body).toMatchObject({
      success: false,
      code: 'NOT_FOUND',
      message: 'No product has the code 0000',
    });
    const archived = await createProduct(app.orm.em.fork(), { barcode: '4000000000001' });
    await seller.post('/api/product/archive').send({ id: archived.id }).expect(200);
    await seller.get('/api/counter/lookup').query({ code: '4000000000001' }).expect(404);
    await app.http().get('/api/counter/lookup').query({ code: '8901234567890' }).expect(401);
  });

  test('a cash sale by code and by id takes the units, prices the bill by the shop’s rules, gives change, and every storefront hears the stock drop', async () => {
    await openDay();
    const rice = await createProduct(app.orm.em.fork(), {
      name: 'Sona Masoori Rice 5 kg',
      pricePaise: 45_000,
      offerPricePaise: 39_900,
      stockCount: 10,
      barcode: '8901000000011',
    });
    const salt = await createProduct(app.orm.em.fork(), {
      pricePaise: 3_000,
      offerPricePaise: 2_800,
    });
    const storefront = await connect(app.socket('shop'));
    const heard = listen(storefront);

    const answer = await sell({
      items: [
        { code: '8901000000011', quantity: 2 },
        { product: salt.id, quantity: 1 },
        { code: '8901000000011', quantity: 1 },
      ],
      payment: 'cash',
      tendered: 2000,
    }).expect(201);
    const { sale } = counterSaleAnswerSchema.parse(answer.body);
    // ₹1,197 + ₹28 = ₹1,225; 2 % tax ₹24.50: ₹1,249.50, change from ₹2,000 ₹750.50.
    expect(sale).toMatchObject({
      lines: [
        { product: rice.id, quantity: 3, unitPrice: 399, amount: 1197, returned: 0 },
        { product: salt.id, quantity: 1, unitPrice: 28, amount: 28, returned: 0 },
      ],
      subtotal: 1225,
      tax: 24.5,
      amount: 1249.5,
      payment: 'cash',
      tendered: 2000,
      change: 750.5,
      refunded: 0,
    });
    expect(await stockOf(rice.id)).toBe(7);
    const live = await heard.waitFor<{ _id: string; stockCount: number }>(
      'product:updated',
      (product) => product._id === rice.id,
    );
    expect(live.stockCount).toBe(7);
    storefront.disconnect();

    // Its receipt: ESC/POS bytes for a thermal printer, or a page any printer (or a frame of the
    // Counter screen) prints.
    const escpos = await seller
      .get(`/api/counter/sales/${sale._id}/receipt`)
      .query({ format: 'escpos', width: '58', drawer: '1' })
      .buffer(true)
      .parse(asBytes)
      .expect(200)
      .expect('Content-Type', 'application/octet-stream');
    expect([...(escpos.body as Buffer).subarray(0, 2)]).toEqual([0x1b, 0x40]);
    expect((escpos.body as Buffer).includes(Buffer.from([0x1b, 0x70]))).toBe(true);
    const page = await seller.get(`/api/counter/sales/${sale._id}/receipt`).expect(200);
    expect(page.type).toBe('text/html');
    // Its bill (the spec's mode) numbered in the year's series.
    expect(sale.invoice).toMatchObject({ series: 'INV', kind: 'bill' });
    expect(page.text).toContain(`Bill No. ${sale.invoice?.number}`);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(page.headers['x-frame-options']).toBeUndefined();
    await seller.get(`/api/counter/sales/${sale._id}/receipt`).query({ width: '72' }).expect(400);

    // A bill shown at another total (a price changed since) is refused, and takes nothing.
    const changed = await sell({
      items: [{ product: salt.id, quantity: 1 }],
      payment: 'upi',
      amount: 27,
    }).expect(409);
    expect(changed.body).toMatchObject({ code: 'BILL_CHANGED' });
    expect(changed.body.message).toMatch(/comes to Rs 28.56 now/);
    await sell({
      items: [{ product: salt.id, quantity: 1 }],
      payment: 'upi',
      amount: 28.56,
    }).expect(201);

    // Exact cash when nothing is tendered; bills are numbered one after another.
    const exact = counterSaleAnswerSchema.parse(
      (await sell({ items: [{ product: salt.id, quantity: 2 }], payment: 'cash' }).expect(201))
        .body,
    ).sale;
    expect(exact).toMatchObject({ amount: 57.12, tendered: 57.12, change: 0 });
    expect(exact.number).toBe(sale.number + 2);
  });

  test('bad sales are refused with a reason and take nothing', async () => {
    const product = await createProduct(app.orm.em.fork(), { stockCount: 3 });
    const item = { product: product.id, quantity: 1 };
    // No day open: nothing can be sold.
    const closed = await sell({ items: [item], payment: 'cash' }).expect(409);
    expect(closed.body).toMatchObject({ success: false, code: 'TILL_NOT_OPEN' });

    await openDay();
    const refusals: Array<[object, number, RegExp]> = [
      [{ items: [], payment: 'cash' }, 400, /items must list 1 to/],
      [{ items: [{ quantity: 1 }], payment: 'cash' }, 400, /by its id or by its code/],
      [
        { items: [{ ...item, code: '123' }], payment: 'cash' },
        400,
        /by its id or by its code, not both/,
      ],
      [
        { items: [{ ...item, quantity: 0 }], payment: 'cash' },
        400,
        /quantity must be a whole number/,
      ],
      [{ items: [item], payment: 'card' }, 400, /payment must be 'cash', 'upi' or 'khata'/],
      [{ items: [item], payment: 'upi', tendered: 100 }, 400, /tendered is for cash sales/],
      [{ items: [item], payment: 'cash', tendered: 50 }, 400, /tendered must be at least/],
      [{ items: [item], payment: 'cash', tendered: 10.005 }, 400, /at most two decimals/],
      [{ items: [{ code: 'NOPE', quantity: 1 }], payment: 'cash' }, 400, /no product has the code/],
      [{ items: [{ ...item, quantity: 4 }], payment: 'cash' }, 409, /only 3 left in stock/],
      [{ items: [{ product: randomUUID(), quantity: 1 }], payment: 'cash' }, 400, /no product/],
      [{ items: [{ product: product.id }], payment: 'cash' }, 400, /items.quantity is required/],
      [
        { items: [{ ...item, quantity: 1000 }], payment: 'cash' },
        400,
        /quantity must be an integer from 1 to 999/,
      ],
    ];
    for (const [body, status, message] of refusals) {
      const answer = await sell(body).expect(status);
      expect(answer.body.success, JSON.stringify(body)).toBe(false);
      expect(answer.body.message, JSON.stringify(body)).toMatch(message);
    }
    expect(await stockOf(product.id)).toBe(3);
    expect(await app.orm.em.fork().count(CounterSaleLineSchema, { product: product.id })).toBe(0);
  });

  test('a race of counter sales and online orders for the last units never sells more than there are', async () => {
    await openDay();
    const units = 5;
    const product = await createProduct(app.orm.em.fork(), { stockCount: units });
    const shoppers = await Promise.all(
      Array.from({ length: 6 }, (_, index) => signUpShopper(app, `Racer ${index}`)),
    );
    const addresses = await Promise.all(
      shoppers.map(
        async (shopper) =>
          (await shopper.http.post('/api/address/add').send({ address: sampleAddress }).expect(201))
            .body.address._id as string,
      ),
    );
    const online = shoppers.map((shopper, index) =>
      shopper.http
        .post('/api/order/cod')
        .send({ items: [{ product: product.id, quantity: 1 }], address: addresses[index] }),
    );
    const counter = Array.from({ length: 6 }, () =>
      sell({ items: [{ product: product.id, quantity: 1 }], payment: 'upi' }),
    );
    const answers = await Promise.all([...online, ...counter]);
    const sold = answers.filter((answer) => answer.status === 201);
    expect(sold).toHaveLength(units);
    for (const refused of answers.filter((answer) => answer.status !== 201))
      expect(refused.body).toMatchObject({ success: false, code: 'OUT_OF_STOCK' });
    const after = await app.orm.em.fork().findOneOrFail(ProductSchema, product.id);
    expect(after).toMatchObject({ stockCount: 0, inStock: false });
  });

  test('the till is not bound by the most of a product a shopper may order: a walk-in buys a crate', async () => {
    await openDay();
    const { shop } = shopAnswerSchema.parse((await app.http().get('/api/shop').expect(200)).body);
    const crate = shop.maxPerLine + 5;
    const soap = await createProduct(app.orm.em.fork(), { stockCount: 100 });
    const answer = await sell({
      items: [{ product: soap.id, quantity: crate }],
      payment: 'upi',
    }).expect(201);
    expect(counterSaleAnswerSchema.parse(answer.body).sale.lines[0]?.quantity).toBe(crate);
    expect(await stockOf(soap.id)).toBe(100 - crate);
  });

  test('a sale retried with the same Idempotency-Key is one sale, however the retries race', async () => {
    await openDay();
    const product = await createProduct(app.orm.em.fork(), { stockCount: 10 });
    const body = { items: [{ product: product.id, quantity: 2 }], payment: 'cash', tendered: 500 };
    const key = randomUUID();
    const answers = await Promise.all([sell(body, key), sell(body, key), sell(body, key)]);
    const sales = answers.map((answer) => counterSaleAnswerSchema.parse(answer.body).sale);
    expect(new Set(sales.map((sale) => sale._id)).size).toBe(1);
    const again = counterSaleAnswerSchema.parse((await sell(body, key).expect(201)).body).sale;
    expect(again).toEqual(sales[0]);
    expect(await stockOf(product.id)).toBe(8);
    expect(await app.orm.em.fork().count(CounterSaleLineSchema, { product: product.id })).toBe(1);

    const reused = await sell({ ...body, tendered: 1000 }, key).expect(409);
    expect(reused.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await stockOf(product.id)).toBe(8);
  });

  test('returns put the units back and give back exactly what was paid, the way it was paid; no more than was sold', async () => {
    await openDay();
    const counted = await createProduct(app.orm.em.fork(), {
      offerPricePaise: 4_999,
      stockCount: 3,
    });
    const loose = await createProduct(app.orm.em.fork(), { offerPricePaise: 1_050 });
    const { sale } = counterSaleAnswerSchema.parse(
      (
        await sell({
          items: [
            { product: counted.id, quantity: 3 },
            { product: loose.id, quantity: 1 },
          ],
          payment: 'upi',
        }).expect(201)
      ).body,
    );
    expect(await stockOf(counted.id)).toBe(0);
    const giveBack = (lines: object[], key?: string) => {
      const request = seller.post(`/api/counter/sales/${sale._id}/return`);
      if (key) request.set(IDEMPOTENCY_KEY_HEADER, key);
      return request.send({ lines });
    };

    // Sent twice with its key (a retry), at once: one return.
    const returnKey = randomUUID();
    const [first, retried] = (
      await Promise.all([
        giveBack([{ product: counted.id, quantity: 1 }], returnKey).expect(200),
        giveBack([{ product: counted.id, quantity: 1 }], returnKey).expect(200),
      ])
    ).map((answer) => counterReturnAnswerSchema.parse(answer.body));
    expect(retried?.return).toEqual(first?.return);
    if (!first) throw new Error('no return');
    // ₹49.99 and its tax: ₹0.99 (2 % of ₹49.99, rounded down).
    expect(first.return).toMatchObject({ amount: 50.98, payment: 'upi' });
    expect(first.sale.lines[0]).toMatchObject({ returned: 1 });
    const product = await app.orm.em.fork().findOneOrFail(ProductSchema, counted.id);
    expect(product).toMatchObject({ stockCount: 1, inStock: true });
    const reused = await giveBack([{ product: counted.id, quantity: 2 }], returnKey).expect(409);
    expect(reused.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });

    const refusals: Array<[object[], number, RegExp]> = [
      [[{ product: counted.id, quantity: 3 }], 409, /Only 2 of .* can come back/],
      [[{ product: randomUUID(), quantity: 1 }], 400, new RegExp(`not on bill ${sale.number}`)],
      [[], 400, /lines must list 1 to/],
    ];
    for (const [lines, status, message] of refusals)
      expect((await giveBack(lines).expect(status)).body.message).toMatch(message);

    const rest = counterReturnAnswerSchema.parse(
      (
        await giveBack([
          { product: counted.id, quantity: 2 },
          { product: loose.id, quantity: 1 },
        ]).expect(200)
      ).body,
    );
    // Every unit back: exactly the amount paid, in all.
    expect(Math.round((first.return.amount + rest.return.amount) * 100)).toBe(
      Math.round(sale.amount * 100),
    );
    expect(rest.sale.refunded).toBe(sale.amount);
    expect(await stockOf(counted.id)).toBe(3);
    expect(await stockOf(loose.id)).toBeNull();
    const again = await giveBack([{ product: loose.id, quantity: 1 }]).expect(409);
    expect(again.body.message).toMatch(/has come back already/);
  });

  test('a return to a product counted at the most a count may be is taken and recorded whole; its count stays at that most', async () => {
    await openDay();
    const product = await createProduct(app.orm.em.fork(), { stockCount: 5 });
    const { sale } = counterSaleAnswerSchema.parse(
      (await sell({ items: [{ product: product.id, quantity: 2 }], payment: 'cash' }).expect(201))
        .body,
    );
    // Counted again meanwhile, to the most a count may be.
    await seller
      .post('/api/product/stock')
      .send({ id: product.id, stockCount: MAX_STOCK_COUNT })
      .expect(200);
    const answer = counterReturnAnswerSchema.parse(
      (
        await seller
          .post(`/api/counter/sales/${sale._id}/return`)
          .send({ lines: [{ product: product.id, quantity: 2 }] })
          .expect(200)
      ).body,
    );
    expect(answer.return.lines).toEqual([expect.objectContaining({ quantity: 2 })]);
    expect(answer.return.amount).toBe(sale.amount);
    expect(await stockOf(product.id)).toBe(MAX_STOCK_COUNT);
  });

  test('the day: opened once with its float, the day’s sales listed newest first, closed with the count against what is expected', async () => {
    // Dated the shop's day it opened on: the day before the call or after it (CI meets this
    // test at any hour, the shop's midnight too).
    const before = dayIn(new Date(), 'Asia/Kolkata');
    const { day: opened } = counterDayAnswerSchema.parse((await openDay(1000)).body);
    expect(opened).toMatchObject({ openingFloat: 1000, sales: 0, expected: 1000, closedAt: null });
    expect(opened?.date).toBeOneOf([before, dayIn(new Date(), 'Asia/Kolkata')]);
    await seller.post('/api/counter/day/open').send({ openingFloat: 10 }).expect(409);

    const product = await createProduct(app.orm.em.fork(), {
      pricePaise: 10_000,
      offerPricePaise: 10_000,
    });
    const cash = counterSaleAnswerSchema.parse(
      (
        await sell({
          items: [{ product: product.id, quantity: 2 }],
          payment: 'cash',
          tendered: 500,
        }).expect(201)
      ).body,
    ).sale;
    await sell({ items: [{ product: product.id, quantity: 1 }], payment: 'upi' }).expect(201);
    await seller
      .post(`/api/counter/sales/${cash._id}/return`)
      .send({ lines: [{ product: product.id, quantity: 1 }] })
      .expect(200);

    const today = opened!.date;
    const listed = counterSalesAnswerSchema.parse(
      (await seller.get('/api/counter/sales').query({ date: today }).expect(200)).body,
    );
    // The day's sales, this day of the till's two the newest (earlier tests sold today too).
    const [upi, first] = listed.sales;
    expect([upi?.payment, first?._id]).toEqual(['upi', cash._id]);
    const page = counterSalesAnswerSchema.parse(
      (
        await seller
          .get('/api/counter/sales')
          .query({ date: today, before: upi!.number })
          .expect(200)
      ).body,
    );
    expect(page.sales[0]?._id).toBe(cash._id);
    expect(page.sales.every((sale) => sale.number < upi!.number)).toBe(true);

    const closed = counterDayAnswerSchema.parse(
      (
        await seller
          .post('/api/counter/day/close')
          .send({ countedCash: 1102, note: 'A coin short' })
          .expect(200)
      ).body,
    ).day;
    // ₹1,000 float + ₹204 cash sale − ₹102 cash return = ₹1,102.
    expect(closed).toMatchObject({
      openingFloat: 1000,
      sales: 2,
      cashSales: 204,
      upiSales: 102,
      cashReturns: 102,
      upiReturns: 0,
      handovers: 0,
      expected: 1102,
      counted: 1102,
      difference: 0,
      note: 'A coin short',
    });
    expect(closed?.closedAt).not.toBeNull();
    await seller.post('/api/counter/day/close').send({ countedCash: 0 }).expect(409);
    const days = counterDaysAnswerSchema.parse(
      (await seller.get('/api/counter/days').query({ date: today }).expect(200)).body,
    );
    expect(days.days.at(-1)).toEqual(closed);

    // A customer back with the receipt of a closed day's bill: found by its number as printed,
    // with the date it was printed with (past the shop's midnight, not the till's day's).
    const printed = cash.invoice!.number;
    const lookUp = async (number: string) =>
      counterSalesAnswerSchema.parse(
        (await seller.get('/api/counter/sales').query({ number }).expect(200)).body,
      );
    for (const number of [printed, printed.toLowerCase()]) {
      const found = await lookUp(number);
      expect(found).toMatchObject({ date: cash.invoice!.date, more: false });
      expect(found.sales.map((sale) => sale._id)).toEqual([cash._id]);
    }
    // Or by its last part alone: a number of the financial year the lookup is made in, so the
    // bill's own while its year lasts (a bill of 31 March is not one of 1 April's).
    const yearNow = () => financialYearOf(new Date(), 'Asia/Kolkata');
    const askedIn = yearNow();
    const found = await lookUp(printed.split('/').at(-1)!);
    if (yearNow() === askedIn)
      expect(found.sales.some((sale) => sale._id === cash._id)).toBe(
        askedIn === financialYearOfDay(cash.invoice!.date),
      );
    const none = counterSalesAnswerSchema.parse(
      (await seller.get('/api/counter/sales').query({ number: 999_999_999 }).expect(200)).body,
    );
    expect(none.sales).toEqual([]);
    await seller.get('/api/counter/sales').query({ number: '12a' }).expect(400);
    await seller.get('/api/counter/sales').query({ number: 'KS/26-27/0' }).expect(400);
    await seller.get('/api/counter/sales').query({ number: '9999999999' }).expect(400);
    await seller.get('/api/counter/sales?number=').expect(400);
  });

  test('a day of crores closes: its sums are not bounded by one bill’s', async () => {
    await openDay(1000);
    // ₹4.9 lakh a unit: two units and 2 % tax make a bill of ₹9,99,600, near the most a bill
    // takes; one more unit is beyond it. 22 of them pass what 32 bits of paise hold.
    const gold = await createProduct(app.orm.em.fork(), {
      pricePaise: 49_000_000,
      offerPricePaise: 49_000_000,
    });
    const tooMuch = await sell({ items: [{ product: gold.id, quantity: 3 }], payment: 'cash' });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toBe(
      'items: the bill comes to Rs 1499400.00, and one bill takes at most Rs 1000000.00',
    );
    for (let bill = 0; bill < 22; bill += 1)
      await sell({ items: [{ product: gold.id, quantity: 2 }], payment: 'cash' }).expect(201);
    // All of it in the drawer, counted to the paisa.
    const closed = counterDayAnswerSchema.parse(
      (await seller.post('/api/counter/day/close').send({ countedCash: 21_992_200.5 }).expect(200))
        .body,
    ).day;
    expect(closed).toMatchObject({
      cashSales: 21_991_200,
      expected: 21_992_200,
      counted: 21_992_200.5,
      difference: 0.5,
    });
  });
});
