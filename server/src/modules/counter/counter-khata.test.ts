import {
  khataEntriesAnswerSchema,
  counterDayAnswerSchema,
  counterReturnAnswerSchema,
  counterSaleAnswerSchema,
  IDEMPOTENCY_KEY_HEADER,
} from '@kirana/shared';
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { useTestAppOfItsOwn } from '../../test/fixtures.js';
import { createProduct, sampleAddress, signUpShopper } from '../../test/factories.js';
import { createKhataCustomer, khataOf, postKhataEntry } from '../../test/khata-factory.js';
import { useTill } from '../../test/till.js';
import { KhataEntrySchema } from '../khata/khata.entity.js';
import { OrderSchema } from '../order/order.entity.js';
import { CounterSaleSchema } from './counter.entity.js';

describe('the counter on the khata: sales on credit, splits, returns and the day’s cash', () => {
  // Its own database: one day of the till is open at a time, and the day reads every khata's cash.
  const app = useTestAppOfItsOwn();
  const { seller, openDay, sell, stockOf } = useTill(app);
  const currentDay = async () =>
    counterDayAnswerSchema.parse((await seller.get('/api/counter/day').expect(200)).body).day!;
  const entriesOf = (customerId: string) =>
    app.orm.em
      .fork()
      .find(KhataEntrySchema, { customer: customerId }, { orderBy: { createdAt: 'asc' } });
  /** A product of ₹100 (₹102 a piece with its 2 % tax). */
  const hundred = (stockCount: number | null = 50) =>
    createProduct(app.orm.em.fork(), { pricePaise: 10_000, offerPricePaise: 10_000, stockCount });

  test('a khata sale puts the bill on the customer’s khata as one credit, in the same sale, and says their balance and limit', async () => {
    await openDay();
    const customer = await createKhataCustomer(app.orm.em.fork(), {
      name: 'Meena Iyer',
      limitPaise: 100_000,
      balancePaise: 20_000,
    });
    const product = await hundred();
    const { sale } = counterSaleAnswerSchema.parse(
      (
        await sell({
          items: [{ product: product.id, quantity: 2 }],
          payment: 'khata',
          customer,
        }).expect(201)
      ).body,
    );
    expect(sale).toMatchObject({
      amount: 204,
      payment: 'khata',
      tendered: null,
      change: null,
      customer: { _id: customer, name: 'Meena Iyer', balance: 404, creditLimit: 1000 },
      onKhata: 204,
      paid: { cash: 0, upi: 0 },
    });
    expect(await stockOf(product.id)).toBe(48);
    const entries = await entriesOf(customer);
    expect(entries.map((entry) => [entry.kind, entry.amountPaise, entry.balancePaise])).toEqual([
      ['adjustment', 20_000, 20_000],
      ['credit', 20_400, 40_400],
    ]);
    expect(entries[1]).toMatchObject({ saleId: sale._id, saleNumber: sale.number });
    // The ledger names the bill by the number its receipt prints.
    const ledger = khataEntriesAnswerSchema.parse(
      (await seller.get(`/api/khata/customers/${customer}/entries`).expect(200)).body,
    );
    expect(ledger.entries[0]?.sale).toEqual({ _id: sale._id, number: sale.invoice?.number });
    expect(await khataOf(app.orm.em, customer)).toEqual({
      balancePaise: 40_400,
      sumPaise: 40_400,
      entries: 2,
    });
    // The bill read again says the balance it left, and its receipt says the khata.
    const again = await seller.get(`/api/counter/sales/${sale._id}`).expect(200);
    expect(counterSaleAnswerSchema.parse(again.body).sale.customer).toMatchObject({ balance: 404 });
    const receipt = await seller.get(`/api/counter/sales/${sale._id}/receipt`).expect(200);
    expect(receipt.text).toContain('On khata');
    expect(receipt.text).toContain('Khata: Meena Iyer');
    // A cash sale has no customer and puts nothing on a khata.
    const cash = counterSaleAnswerSchema.parse(
      (await sell({ items: [{ product: product.id, quantity: 1 }], payment: 'cash' }).expect(201))
        .body,
    ).sale;
    expect(cash).toMatchObject({ customer: null, onKhata: 0, paid: null });
    expect(await currentDay()).toMatchObject({
      cashSales: 102,
      upiSales: 0,
      khataSales: 204,
      expected: 602,
    });
  });

  test('a split: the part paid now in cash and by UPI is the day’s, the rest goes on the khata', async () => {
    await openDay(1000);
    const customer = await createKhataCustomer(app.orm.em.fork(), { limitPaise: 100_000 });
    const product = await hundred();
    const { sale } = counterSaleAnswerSchema.parse(
      (
        await sell({
          items: [{ product: product.id, quantity: 5 }],
          payment: 'khata',
          customer,
          paid: { cash: 200, upi: 110.5 },
          amount: 510,
        }).expect(201)
      ).body,
    );
    expect(sale).toMatchObject({
      amount: 510,
      onKhata: 199.5,
      paid: { cash: 200, upi: 110.5 },
      customer: { balance: 199.5 },
    });
    expect((await khataOf(app.orm.em, customer)).balancePaise).toBe(19_950);
    const receipt = await seller.get(`/api/counter/sales/${sale._id}/receipt`).expect(200);
    expect(receipt.text).toContain('Paid in cash');
    expect(receipt.text).toContain('₹200.00');
    expect(receipt.text).toContain('Paid by UPI');
    expect(receipt.text).toContain('₹110.50');
    expect(receipt.text).toContain('₹199.50');
    // The cash part is in the drawer, the UPI part with the UPI sales.
    expect(await currentDay()).toMatchObject({
      cashSales: 200,
      upiSales: 110.5,
      khataSales: 199.5,
      expected: 1200,
    });
  });

  test('bad khata sales are refused with a reason and take nothing', async () => {
    await openDay();
    const customer = await createKhataCustomer(app.orm.em.fork(), { limitPaise: 100_000 });
    const product = await hundred(3);
    const item = { product: product.id, quantity: 1 };
    const refusals: Array<[object, number, RegExp]> = [
      [{ items: [item], payment: 'khata' }, 400, /customer is required for a khata sale/],
      [{ items: [item], payment: 'cash', customer }, 400, /customer is for a khata sale only/],
      [{ items: [item], payment: 'upi', paid: { cash: 1 } }, 400, /paid is for a khata sale only/],
      [
        { items: [item], payment: 'khata', customer, tendered: 200 },
        400,
        /tendered is for cash sales/,
      ],
      [
        { items: [item], payment: 'khata', customer, paid: { cash: 100, upi: 10 } },
        400,
        /paid comes to Rs 110.00, more than the bill's Rs 102.00/,
      ],
      [
        { items: [item], payment: 'khata', customer, paid: { upi: 102 } },
        400,
        /nothing is left for the khata/,
      ],
      [
        { items: [item], payment: 'khata', customer, paid: { cash: -1 } },
        400,
        /paid.cash must be from 0/,
      ],
      [{ items: [item], payment: 'khata', customer: 'nope' }, 400, /customer must be a valid id/],
      [
        { items: [item], payment: 'khata', customer: randomUUID() },
        404,
        /No khata customer has this id/,
      ],
    ];
    for (const [body, status, message] of refusals) {
      const answer = await sell(body).expect(status);
      expect(answer.body.success, JSON.stringify(body)).toBe(false);
      expect(answer.body.message, JSON.stringify(body)).toMatch(message);
    }
    expect(await stockOf(product.id)).toBe(3);
    expect((await khataOf(app.orm.em, customer)).entries).toBe(0);
  });

  test('past the limit a khata sale is refused with CREDIT_LIMIT, and nothing changes: no stock, no bill number, no entry', async () => {
    await openDay();
    const customer = await createKhataCustomer(app.orm.em.fork(), {
      name: 'Ravi',
      limitPaise: 50_000,
      balancePaise: 40_000,
    });
    const product = await hundred(10);
    const before = counterSaleAnswerSchema.parse(
      (await sell({ items: [{ product: product.id, quantity: 1 }], payment: 'upi' }).expect(201))
        .body,
    ).sale;
    const refused = await sell({
      items: [{ product: product.id, quantity: 1 }],
      payment: 'khata',
      customer,
    }).expect(409);
    expect(refused.body).toMatchObject({
      success: false,
      code: 'CREDIT_LIMIT',
      credit: { balance: 400, limit: 500, left: 100 },
    });
    expect(refused.body.message).toMatch(/Ravi owes ₹400.00 of a ₹500.00 limit: ₹100.00 is left/);
    expect(await stockOf(product.id)).toBe(9);
    expect(await khataOf(app.orm.em, customer)).toEqual({
      balancePaise: 40_000,
      sumPaise: 40_000,
      entries: 1,
    });
    expect(await app.orm.em.fork().count(CounterSaleSchema, { customer })).toBe(0);
    // Paying part now leaves less for the khata: it fits, and takes the next bill number.
    const split = counterSaleAnswerSchema.parse(
      (
        await sell({
          items: [{ product: product.id, quantity: 1 }],
          payment: 'khata',
          customer,
          paid: { cash: 2 },
        }).expect(201)
      ).body,
    ).sale;
    expect(split.number).toBe(before.number + 1);
    expect(split.customer).toMatchObject({ balance: 500 });
  });

  test('twenty khata sales at once for one customer never pass the limit: exactly as many succeed as fit', async () => {
    await openDay();
    // Room for seven bills of ₹102, and a little: the eighth would pass the limit.
    const customer = await createKhataCustomer(app.orm.em.fork(), { limitPaise: 7 * 10_200 + 50 });
    const product = await hundred(100);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        sell({ items: [{ product: product.id, quantity: 1 }], payment: 'khata', customer }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(7);
    expect(statuses.filter((status) => status === 409)).toHaveLength(13);
    for (const answer of answers)
      if (answer.status === 409) expect(answer.body.code).toBe('CREDIT_LIMIT');
    expect(await khataOf(app.orm.em, customer)).toEqual({
      balancePaise: 7 * 10_200,
      sumPaise: 7 * 10_200,
      entries: 7,
    });
    expect(await stockOf(product.id)).toBe(93);
  });

  test('a khata sale sent twice with one Idempotency-Key posts once; the key with another customer or split is refused', async () => {
    await openDay();
    const customer = await createKhataCustomer(app.orm.em.fork());
    const other = await createKhataCustomer(app.orm.em.fork(), { name: 'Other' });
    const product = await hundred();
    const key = randomUUID();
    const body = {
      items: [{ product: product.id, quantity: 1 }],
      payment: 'khata',
      customer,
      paid: { cash: 2 },
    };
    const [first, second] = await Promise.all([sell(body, key), sell(body, key)]);
    expect(first!.status).toBe(201);
    expect(second!.status).toBe(201);
    expect(second!.body.sale._id).toBe(first!.body.sale._id);
    expect(await khataOf(app.orm.em, customer)).toMatchObject({ balancePaise: 10_000, entries: 1 });
    for (const changed of [
      { ...body, customer: other },
      { ...body, paid: { cash: 3 } },
      { ...body, paid: { upi: 2 } },
    ]) {
      const reused = await sell(changed, key).expect(409);
      expect(reused.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    }
    expect((await khataOf(app.orm.em, other)).entries).toBe(0);
    expect(await stockOf(product.id)).toBe(49);
  });

  test('a return of a khata sale goes back on the khata as a return entry, a split’s all of it; no cash leaves the drawer', async () => {
    await openDay(1000);
    const customer = await createKhataCustomer(app.orm.em.fork(), { limitPaise: 100_000 });
    const product = await hundred(10);
    const sale = counterSaleAnswerSchema.parse(
      (
        await sell({
          items: [{ product: product.id, quantity: 3 }],
          payment: 'khata',
          customer,
          paid: { cash: 100 },
        }).expect(201)
      ).body,
    ).sale;
    expect(sale.onKhata).toBe(206);
    const returned = counterReturnAnswerSchema.parse(
      (
        await seller
          .post(`/api/counter/sales/${sale._id}/return`)
          .set(IDEMPOTENCY_KEY_HEADER, randomUUID())
          .send({ lines: [{ product: product.id, quantity: 1 }] })
          .expect(200)
      ).body,
    );
    expect(returned.return).toMatchObject({ amount: 102, payment: 'khata' });
    expect(returned.message).toMatch(/Rs 102.00 back on the customer's khata/);
    expect(await stockOf(product.id)).toBe(8);
    // The rest comes back too: ₹204, more than was left on the khata (₹104): the khata owes it.
    await seller
      .post(`/api/counter/sales/${sale._id}/return`)
      .send({ lines: [{ product: product.id, quantity: 2 }] })
      .expect(200);
    const entries = await entriesOf(customer);
    expect(entries.map((entry) => [entry.kind, entry.amountPaise, entry.balancePaise])).toEqual([
      ['credit', 20_600, 20_600],
      ['return', -10_200, 10_400],
      ['return', -20_400, -10_000],
    ]);
    expect(entries[1]).toMatchObject({ saleId: sale._id, saleNumber: sale.number });
    // The ledger names the bill by the number its receipt prints.
    const ledger = khataEntriesAnswerSchema.parse(
      (await seller.get(`/api/khata/customers/${customer}/entries`).expect(200)).body,
    );
    expect(ledger.entries[0]?.sale).toEqual({ _id: sale._id, number: sale.invoice?.number });
    expect(await khataOf(app.orm.em, customer)).toMatchObject({
      balancePaise: -10_000,
      sumPaise: -10_000,
    });
    // The split's cash stays in the drawer: nothing was given back in cash.
    expect(await currentDay()).toMatchObject({ cashSales: 100, cashReturns: 0, expected: 1100 });
  });

  test('khata payments received in cash while the day is open move its expected cash; UPI ones and those before it do not', async () => {
    const customer = await createKhataCustomer(app.orm.em.fork(), { balancePaise: 90_000 });
    // Before the day opened: not in its drawer.
    await postKhataEntry(app.orm.em, customer, {
      kind: 'payment',
      amountPaise: -5_000,
      method: 'cash',
    });
    await openDay(1000);
    await postKhataEntry(app.orm.em, customer, {
      kind: 'payment',
      amountPaise: -30_000,
      method: 'cash',
    });
    await postKhataEntry(app.orm.em, customer, {
      kind: 'payment',
      amountPaise: -20_000,
      method: 'upi',
    });
    expect(await currentDay()).toMatchObject({ khataCash: 300, expected: 1300 });
    const closed = counterDayAnswerSchema.parse(
      (await seller.post('/api/counter/day/close').send({ countedCash: 1300 }).expect(200)).body,
    ).day!;
    expect(closed).toMatchObject({ khataCash: 300, expected: 1300, difference: 0 });
    // A payment after the close is not the closed day's.
    await postKhataEntry(app.orm.em, customer, {
      kind: 'payment',
      amountPaise: -1_000,
      method: 'cash',
    });
    const days = await seller.get('/api/counter/days').query({ date: closed.date }).expect(200);
    const same = (days.body.days as Array<{ _id: string }>).find((day) => day._id === closed._id);
    expect(same).toMatchObject({ khataCash: 300, expected: 1300 });
  });

  test('a khata sale counts the customer’s khata orders on their way: with them it would pass the limit, and is refused', async () => {
    await openDay();
    const shopper = await signUpShopper(app);
    const address = (
      await shopper.http.post('/api/address/add').send({ address: sampleAddress }).expect(201)
    ).body.address._id as string;
    const product = await hundred();
    const customer = await createKhataCustomer(app.orm.em.fork(), {
      limitPaise: 100_000,
      shopper: shopper.id,
    });
    const placed = await shopper.http
      .post('/api/order/khata')
      .send({ items: [{ product: product.id, quantity: 5 }], address })
      .expect(201);
    const order = await app.orm.em
      .fork()
      .findOneOrFail(OrderSchema, { id: placed.body.orderId as string });
    // ₹1000 of limit, the order's ₹510 and more on its way: a bill of ₹510 more does not fit.
    const refused = await sell({
      items: [{ product: product.id, quantity: 5 }],
      payment: 'khata',
      customer,
    }).expect(409);
    expect(refused.body).toMatchObject({ code: 'CREDIT_LIMIT' });
    expect(refused.body.credit.balance * 100).toBe(order.amountPaise);
    // What is left after the order still sells.
    const left = 100_000 - order.amountPaise;
    const units = Math.floor(left / 10_200);
    await sell({
      items: [{ product: product.id, quantity: units }],
      payment: 'khata',
      customer,
    }).expect(201);
    expect(await khataOf(app.orm.em, customer)).toMatchObject({ balancePaise: units * 10_200 });
  });
});
