import {
  counterDayAnswerSchema,
  counterDeviceAnswerSchema,
  counterSaleAnswerSchema,
  counterSalesAnswerSchema,
  dashboardAnswerSchema,
  dayIn,
  documentNumberText,
  financialYearOf,
  type CounterSaleBody,
} from '@kirana/shared';
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { rowsIn } from '../../test/gst-factory.js';
import { useTestAppOfItsOwn } from '../../test/fixtures.js';
import { createProduct } from '../../test/factories.js';
import { createKhataCustomer } from '../../test/khata-factory.js';
import { useTill } from '../../test/till.js';
import type { GstTables } from '../gst/gst.entity.js';
import { KhataCustomerSchema } from '../khata/khata.entity.js';
import { ProductSchema } from '../product/product.entity.js';
import { ShopSettingsSchema } from '../shop/shop.entity.js';
import type { CounterTables } from './counter.entity.js';
import { cataloguePage } from './counter-reads.js';

const TIME_ZONE = 'Asia/Kolkata';
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe('a sale the counter made without a connection, sent when it could', () => {
  // Its own database: one day of the till is open at a time, shop-wide; series count per year.
  const app = useTestAppOfItsOwn();
  const { seller, openDay, sell, stockOf } = useTill(app);
  const db = () => app.orm.em.fork().getKysely<CounterTables & GstTables>();

  /** A counter registered for its own series: C1, C2 … */
  const registerCounter = async (name = 'Front counter') =>
    counterDeviceAnswerSchema.parse(
      (await seller.post('/api/counter/devices').send({ name }).expect(201)).body,
    ).device;
  /** An offline sale of `items`, made at `madeAt` and numbered `number` on counter `device`. */
  const offline = (
    items: CounterSaleBody['items'],
    { device, number, madeAt = minutesAgo(10) }: { device: string; number: number; madeAt?: Date },
    more: Partial<CounterSaleBody> = {},
  ) => ({
    items,
    payment: 'cash',
    offline: { madeAt: madeAt.toISOString(), device, number },
    ...more,
  });
  const countOf = (table: 'counter_sales' | 'tax_documents') => rowsIn(app.orm, table);
  const billIn = (tax: 'regular' | 'spec') =>
    app.orm.em.fork().nativeUpdate(
      ShopSettingsSchema,
      { id: 1 },
      {
        tax,
        gstin: tax === 'regular' ? '27AAPFU0939F1ZV' : '',
        legalName: 'Kirana Stores Pvt Ltd',
        address: '12 MG Road, Pune',
        invoicePrefix: 'KS',
        timeZone: TIME_ZONE,
      },
    );

  /** The sale's row as stored: when it was made and received, and its document's number and date. */
  const storedSale = (id: string) =>
    db()
      .selectFrom('counter_sales as s')
      .innerJoin('tax_documents as d', 'd.id', 's.tax_document_id')
      .select(['s.created_at', 's.received_at', 's.day_id', 'd.printed', 'd.series', 'd.number'])
      .select((eb) => eb.cast<string>('d.date', 'text').as('date'))
      .where('s.id', '=', id)
      .executeTakeFirstOrThrow();
  const toCount = async () =>
    dashboardAnswerSchema.parse((await seller.get('/api/dashboard').expect(200)).body).dashboard
      .toCount;

  test('sent three times in turn, and three times at once, it is one sale with one document, its stock taken once, each answer the same', async () => {
    await openDay();
    const { series } = await registerCounter();
    const tea = await createProduct(app.orm.em.fork(), { name: 'Tea 250 g', stockCount: 10 });
    const sales = await countOf('counter_sales');
    const documents = await countOf('tax_documents');

    const inTurnKey = randomUUID();
    const first = offline([{ product: tea.id, quantity: 2, price: 99.5 }], {
      device: series,
      number: 1,
    });
    const inTurn = [];
    for (let sent = 0; sent < 3; sent += 1)
      inTurn.push(counterSaleAnswerSchema.parse((await sell(first, inTurnKey).expect(201)).body));
    expect(inTurn[1]).toEqual(inTurn[0]);
    expect(inTurn[2]).toEqual(inTurn[0]);

    const atOnceKey = randomUUID();
    const second = offline([{ product: tea.id, quantity: 3, price: 99.5 }], {
      device: series,
      number: 2,
    });
    const atOnce = await Promise.all(Array.from({ length: 3 }, () => sell(second, atOnceKey)));
    for (const answer of atOnce) expect(answer.status).toBe(201);
    expect(new Set(atOnce.map((answer) => answer.body.sale._id)).size).toBe(1);

    expect(await stockOf(tea.id)).toBe(10 - 2 - 3);
    expect(await countOf('counter_sales')).toBe(sales + 2);
    expect(await countOf('tax_documents')).toBe(documents + 2);
  });

  test('recorded when it was made, in the open day, at the prices it was charged, its document numbered in the counter’s series that year', async () => {
    await billIn('spec');
    await openDay();
    const { series } = await registerCounter();
    // The catalogue's price went up since the counter sold it at ₹40.
    const dal = await createProduct(app.orm.em.fork(), {
      name: 'Toor Dal 500 g',
      offerPricePaise: 5_000,
      stockCount: 20,
    });
    const madeAt = minutesAgo(90);
    const { sale, flagged } = counterSaleAnswerSchema.parse(
      (
        await sell(
          offline(
            [{ product: dal.id, quantity: 3, price: 40 }],
            { device: series, number: 7, madeAt },
            {
              amount: 122.4,
              tendered: 200,
            },
          ),
          randomUUID(),
        ).expect(201)
      ).body,
    );
    // ₹120 of goods and the spec's 2 %.
    expect(sale).toMatchObject({
      subtotal: 120,
      tax: 2.4,
      amount: 122.4,
      tendered: 200,
      change: 77.6,
    });
    expect(sale.lines).toMatchObject([
      { product: dal.id, quantity: 3, unitPrice: 40, amount: 120 },
    ]);
    expect(flagged).toEqual([]);
    expect(sale.createdAt).toBe(madeAt.toISOString());
    const year = financialYearOf(madeAt, TIME_ZONE);
    expect(sale.invoice).toMatchObject({
      series,
      number: documentNumberText('KS', series, year, 7),
      date: dayIn(madeAt, TIME_ZONE),
    });
    const stored = await storedSale(sale._id);
    expect(new Date(stored.created_at)).toEqual(madeAt);
    expect(new Date(stored.received_at ?? 0).getTime()).toBeGreaterThan(madeAt.getTime());
    expect(stored).toMatchObject({ series, number: 7, date: dayIn(madeAt, TIME_ZONE) });

    // In the open day: its sales list it, its cash counts it.
    const { day } = counterDayAnswerSchema.parse(
      (await seller.get('/api/counter/day').expect(200)).body,
    );
    expect(day).toMatchObject({ sales: 1, cashSales: 122.4 });
    const listed = counterSalesAnswerSchema.parse(
      (await seller.get('/api/counter/sales').expect(200)).body,
    );
    expect(listed.sales.map((listedSale) => listedSale._id)).toContain(sale._id);
    // A customer back with its receipt finds it by the number printed on it.
    const found = counterSalesAnswerSchema.parse(
      (await seller.get('/api/counter/sales').query({ number: sale.invoice?.number }).expect(200))
        .body,
    );
    expect(found.sales.map((foundSale) => foundSale._id)).toEqual([sale._id]);
    // The counter's series now says its last number of the year now, for the counter to number
    // on from (made in the year before, none yet).
    const device = counterDeviceAnswerSchema.parse(
      (await seller.get(`/api/counter/devices/${series}`).expect(200)).body,
    ).device;
    expect(device).toMatchObject({
      series,
      name: 'Front counter',
      lastNumber: device.year === year ? 7 : 0,
    });

    // Not the total of the prices charged: refused as a bill changed, nothing written.
    const sales = await countOf('counter_sales');
    const refused = await sell(
      offline(
        [{ product: dal.id, quantity: 1, price: 40 }],
        { device: series, number: 8 },
        { amount: 50 },
      ),
      randomUUID(),
    ).expect(409);
    expect(refused.body).toMatchObject({ code: 'BILL_CHANGED' });
    expect(await countOf('counter_sales')).toBe(sales);
  });

  test('past the stock it is recorded all the same: the count at 0, the product flagged with how many were sold past it, on the dashboard too', async () => {
    await openDay();
    const { series } = await registerCounter();
    const biscuits = await createProduct(app.orm.em.fork(), { name: 'Biscuits', stockCount: 2 });
    const key = randomUUID();
    const body = offline([{ product: biscuits.id, quantity: 5, price: 99.5 }], {
      device: series,
      number: 1,
    });
    const answer = counterSaleAnswerSchema.parse((await sell(body, key).expect(201)).body);
    expect(answer.flagged).toEqual([{ product: biscuits.id, name: 'Biscuits', pastCount: 3 }]);
    const product = await app.orm.em.fork().findOneOrFail(ProductSchema, biscuits.id);
    expect(product).toMatchObject({ stockCount: 0, inStock: false, pastCount: 3 });
    expect((await toCount()).products).toContainEqual({
      _id: biscuits.id,
      name: 'Biscuits',
      unit: 'piece',
      pastCount: 3,
    });
    // The answer sent again says the same, read from the sale's lines.
    const again = counterSaleAnswerSchema.parse((await sell(body, key).expect(201)).body);
    expect(again.flagged).toEqual(answer.flagged);
  });

  test('a counter’s numbers never meet the invoices’: C1’s 1 and the invoices’ 1 both stand in a year, and GSTR-1 lists both series', async () => {
    await billIn('regular');
    await openDay();
    const { series } = await registerCounter();
    const ghee = await createProduct(app.orm.em.fork(), { name: 'Ghee 1 L', stockCount: 100 });
    await app.orm.em.fork().nativeUpdate(ProductSchema, ghee.id, { hsn: '0405', gstRate: 500 });
    const madeAt = minutesAgo(5);
    const year = financialYearOf(madeAt, TIME_ZONE);
    const online = counterSaleAnswerSchema.parse(
      (
        await sell(
          { items: [{ product: ghee.id, quantity: 1 }], payment: 'upi' },
          randomUUID(),
        ).expect(201)
      ).body,
    ).sale;
    const made = counterSaleAnswerSchema.parse(
      (
        await sell(
          offline([{ product: ghee.id, quantity: 1, price: 650 }], {
            device: series,
            number: 1,
            madeAt,
          }),
          randomUUID(),
        ).expect(201)
      ).body,
    ).sale;
    expect(made.invoice).toMatchObject({
      series,
      kind: 'tax-invoice',
      number: documentNumberText('KS', series, year, 1),
    });
    expect(online.invoice?.series).toBe('INV');
    expect(made.invoice?.number).not.toBe(online.invoice?.number);

    // Each in the GSTR-1 of the month it was made in (the same month, but at a month's turn).
    const docsOf = async (date = '') => {
      const month = date.slice(0, 7);
      const gstr1 = (await seller.get('/api/gst/gstr1').query({ month }).expect(200)).body as {
        doc_issue: {
          doc_det: Array<{ docs: Array<{ from: string; to: string; totnum: number }> }>;
        };
      };
      return gstr1.doc_issue.doc_det.flatMap((nature) => nature.docs);
    };
    expect(
      (await docsOf(made.invoice?.date)).find((docs) => docs.from === made.invoice?.number),
    ).toMatchObject({ to: made.invoice?.number, totnum: 1 });
    expect((await docsOf(online.invoice?.date)).map((docs) => docs.to)).toContain(
      online.invoice?.number,
    );
  });

  test('another sale with a number of the counter’s already taken is refused (409) and nothing of it is written', async () => {
    await billIn('spec');
    await openDay();
    const { series } = await registerCounter();
    const oil = await createProduct(app.orm.em.fork(), { name: 'Oil 1 L', stockCount: 10 });
    const madeAt = minutesAgo(10);
    await sell(
      offline([{ product: oil.id, quantity: 1, price: 99.5 }], {
        device: series,
        number: 3,
        madeAt,
      }),
      randomUUID(),
    ).expect(201);
    const sales = await countOf('counter_sales');
    const documents = await countOf('tax_documents');

    const refused = await sell(
      offline([{ product: oil.id, quantity: 2, price: 99.5 }], {
        device: series,
        number: 3,
        madeAt,
      }),
      randomUUID(),
    ).expect(409);
    const year = financialYearOf(madeAt, TIME_ZONE);
    expect(refused.body).toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining(`${series} bill 3 of`),
    });
    expect(refused.body.message).toContain(documentNumberText('KS', series, year, 3));
    expect(await countOf('counter_sales')).toBe(sales);
    expect(await countOf('tax_documents')).toBe(documents);
    expect(await stockOf(oil.id)).toBe(9);

    // Two sales of one number at once: one is recorded, the other refused, never a 500.
    const racing = await Promise.all(
      [1, 2].map((quantity) =>
        sell(
          offline([{ product: oil.id, quantity, price: 99.5 }], { device: series, number: 4 }),
          randomUUID(),
        ),
      ),
    );
    expect(racing.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(await countOf('counter_sales')).toBe(sales + 1);
  });

  test('made more than 5 minutes ahead of the server’s clock, or more than 30 days ago, it is refused naming offline.madeAt', async () => {
    await openDay();
    const { series } = await registerCounter();
    const salt = await createProduct(app.orm.em.fork(), { name: 'Salt', stockCount: 10 });
    const at = (madeAt: Date, number: number) =>
      sell(
        offline([{ product: salt.id, quantity: 1, price: 99.5 }], {
          device: series,
          number,
          madeAt,
        }),
        randomUUID(),
      );

    for (const madeAt of [minutesAgo(-6), minutesAgo(31 * 24 * 60)]) {
      const refused = await at(madeAt, 1).expect(400);
      expect(refused.body).toMatchObject({
        code: 'INVALID',
        message: expect.stringMatching(/^offline\.madeAt/),
      });
    }
    await at(minutesAgo(-4), 1).expect(201);
    await at(minutesAgo(29 * 24 * 60), 2).expect(201);
    expect(await stockOf(salt.id)).toBe(8);
  });

  test('a khata sale made offline is recorded past the customer’s limit: it happened', async () => {
    await openDay();
    const { series } = await registerCounter();
    const rice = await createProduct(app.orm.em.fork(), { name: 'Rice 5 kg', stockCount: 10 });
    const customer = await createKhataCustomer(app.orm.em.fork(), {
      limitPaise: 10_000,
    });
    const madeAt = minutesAgo(20);
    const { sale } = counterSaleAnswerSchema.parse(
      (
        await sell(
          offline(
            [{ product: rice.id, quantity: 1, price: 300 }],
            { device: series, number: 1, madeAt },
            {
              payment: 'khata',
              customer,
            },
          ),
          randomUUID(),
        ).expect(201)
      ).body,
    );
    expect(sale).toMatchObject({ payment: 'khata', onKhata: 306 });
    const after = await app.orm.em.fork().findOneOrFail(KhataCustomerSchema, customer);
    expect(after.balancePaise).toBe(30_600);
    const entry = await db()
      .selectFrom('khata_entries')
      .select('created_at')
      .where('sale_id', '=', sale._id)
      .executeTakeFirstOrThrow();
    expect(new Date(entry.created_at)).toEqual(madeAt);
  });

  test('refused with nothing written, and kept on the counter: an archived product, an unknown counter series', async () => {
    await openDay();
    const { series } = await registerCounter();
    const gone = await createProduct(app.orm.em.fork(), { name: 'Old Soap', stockCount: 10 });
    await app.orm.em.fork().nativeUpdate(ProductSchema, gone.id, { archivedAt: new Date() });
    const sales = await countOf('counter_sales');

    const archived = await sell(
      offline([{ product: gone.id, quantity: 1, price: 30 }], { device: series, number: 1 }),
      randomUUID(),
    ).expect(409);
    expect(archived.body).toMatchObject({
      code: 'CONFLICT',
      message: 'Old Soap is no longer sold',
    });
    const unknown = await sell(
      offline([{ product: gone.id, quantity: 1, price: 30 }], { device: 'C998', number: 1 }),
      randomUUID(),
    ).expect(404);
    expect(unknown.body).toMatchObject({
      code: 'NOT_FOUND',
      message: expect.stringMatching(/^offline\.device/),
    });
    expect(await countOf('counter_sales')).toBe(sales);
    expect(await stockOf(gone.id)).toBe(10);
  });

  test('bad input is a 400 naming the field, never a 500', async () => {
    await openDay();
    const { series } = await registerCounter();
    const jam = await createProduct(app.orm.em.fork(), { name: 'Jam' });
    const item = { product: jam.id, quantity: 1, price: 99.5 };
    const refusals: Array<[object, RegExp]> = [
      [{ items: [item], payment: 'cash' }, /^items\.price is for an offline sale only/],
      [
        offline([{ product: jam.id, quantity: 1 }], { device: series, number: 1 }),
        /^items of an offline sale/,
      ],
      [
        offline([{ code: 'JAM', quantity: 1, price: 1 }] as never, { device: series, number: 1 }),
        /^items of an offline sale/,
      ],
      [offline([item], { device: 'X1', number: 1 }), /^offline\.device/],
      [offline([item], { device: series, number: 0 }), /^offline\.number/],
      [offline([item], { device: series, number: 100_000 }), /^offline\.number/],
      [
        {
          ...offline([item], { device: series, number: 1 }),
          offline: { madeAt: 'yesterday', device: series, number: 1 },
        },
        /^offline\.madeAt/,
      ],
      [
        offline([item, { ...item, price: 80 }], { device: series, number: 1 }),
        /^items: product .* two prices/,
      ],
    ];
    for (const [body, message] of refusals) {
      const refused = await sell(body, randomUUID()).expect(400);
      expect(refused.body.message).toMatch(message);
    }
  });

  describe('counter devices', () => {
    test('each registers with the first free series, C1, C2 …; one is read back by its series; a bad series is a 400, an unknown one a 404; past C999, 409', async () => {
      const yearBefore = financialYearOf(new Date(), TIME_ZONE);
      const first = await registerCounter('Front counter');
      const second = await registerCounter('Back counter');
      expect(Number(second.series.slice(1))).toBe(Number(first.series.slice(1)) + 1);
      expect(second).toMatchObject({ name: 'Back counter', lastNumber: 0 });
      // The year now, on the shop's clock (which may turn while the test runs).
      expect([yearBefore, financialYearOf(new Date(), TIME_ZONE)]).toContain(second.year);
      const read = await seller.get(`/api/counter/devices/${second.series}`).expect(200);
      expect(counterDeviceAnswerSchema.parse(read.body).device).toMatchObject({
        series: second.series,
        name: 'Back counter',
        lastNumber: 0,
      });

      const bad = await seller.get('/api/counter/devices/C0').expect(400);
      expect(bad.body.message).toMatch(/^series/);
      await seller.get('/api/counter/devices/C999').expect(404);
      const unnamed = await seller.post('/api/counter/devices').send({ name: ' ' }).expect(400);
      expect(unnamed.body.message).toMatch(/^name/);

      await db()
        .insertInto('counter_devices')
        .values(
          Array.from({ length: 999 }, (_, index) => ({
            series: `C${index + 1}`,
            name: 'Till',
            created_at: new Date(),
          })),
        )
        .onConflict((conflict) => conflict.column('series').doNothing())
        .execute();
      const full = await seller
        .post('/api/counter/devices')
        .send({ name: 'One too many' })
        .expect(409);
      expect(full.body).toMatchObject({ code: 'CONFLICT' });
      await db().deleteFrom('counter_devices').where('name', '=', 'Till').execute();
    });

    test('the catalogue comes a page at a time in the order of ids, archived products left out', async () => {
      const em = app.orm.em.fork();
      const products = await Promise.all(Array.from({ length: 3 }, () => createProduct(em)));
      await em.nativeUpdate(ProductSchema, products[1]?.id ?? '', { archivedAt: new Date() });
      const answer = await seller.get('/api/counter/catalogue').expect(200);
      const { products: page, next: last } = answer.body as {
        products: Array<{ _id: string }>;
        next: string | null;
      };
      const ids = page.map((product) => product._id);
      expect(ids).toEqual([...ids].sort());
      expect(ids).toContain(products[0]?.id);
      expect(ids).not.toContain(products[1]?.id);
      expect(last).toBeNull();
      const after = await seller
        .get('/api/counter/catalogue')
        .query({ after: products[0]?.id })
        .expect(200);
      expect(
        (after.body.products as Array<{ _id: string }>).every(
          (product) => product._id > (products[0]?.id ?? ''),
        ),
      ).toBe(true);
      await seller.get('/api/counter/catalogue').query({ after: 'nope' }).expect(400);

      // Page after page, each from the last id of the one before, to the end.
      const seen: string[] = [];
      let next: string | null | undefined;
      do {
        const taken = await cataloguePage(app.orm.em.fork(), next ?? undefined, 2);
        expect(taken.products.length).toBeLessThanOrEqual(2);
        seen.push(...taken.products.map((product) => product.id));
        ({ next } = taken);
      } while (next !== null);
      expect(seen).toEqual(ids);
    });
  });
});
