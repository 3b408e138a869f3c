import {
  counterDeviceAnswerSchema,
  counterSaleAnswerSchema,
  dayIn,
  documentNumberText,
  financialYearOf,
  messageAnswerSchema,
} from '@kirana/shared';
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { rowsIn } from '../../test/gst-factory.js';
import { useTestAppOfItsOwn } from '../../test/fixtures.js';
import { createProduct } from '../../test/factories.js';
import { useTill } from '../../test/till.js';
import type { GstTables } from '../gst/gst.entity.js';
import { ProductSchema } from '../product/product.entity.js';
import { ShopSettingsSchema } from '../shop/shop.entity.js';
import type { CounterTables } from './counter.entity.js';

const TIME_ZONE = 'Asia/Kolkata';
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

interface DocsRow {
  from: string;
  to: string;
  totnum: number;
  cancel: number;
  net_issue: number;
}

describe('a number of a counter’s series that will never be a sale is a cancelled document, never a gap', () => {
  // Its own database: series count per year, and the GST month is read whole.
  const app = useTestAppOfItsOwn();
  const { seller, openDay, sell, stockOf } = useTill(app);
  const db = () => app.orm.em.fork().getKysely<CounterTables & GstTables>();

  const registerCounter = async () =>
    counterDeviceAnswerSchema.parse(
      (await seller.post('/api/counter/devices').send({ name: 'Front counter' }).expect(201)).body,
    ).device;
  const billInRegular = () =>
    app.orm.em.fork().nativeUpdate(
      ShopSettingsSchema,
      { id: 1 },
      {
        tax: 'regular',
        gstin: '27AAPFU0939F1ZV',
        legalName: 'Kirana Stores Pvt Ltd',
        address: '12 MG Road, Pune',
        invoicePrefix: 'KS',
        timeZone: TIME_ZONE,
      },
    );
  const ghee = async () => {
    const product = await createProduct(app.orm.em.fork(), { name: 'Ghee 1 L', stockCount: 100 });
    await app.orm.em.fork().nativeUpdate(ProductSchema, product.id, { hsn: '0405', gstRate: 500 });
    return product;
  };
  /** The documents of `series` in the year of `at`, by number. */
  const documentsOf = (series: string, at: Date) =>
    db()
      .selectFrom('tax_documents as d')
      .leftJoin('tax_document_lines as l', 'l.document_id', 'd.id')
      .select(['d.number', 'd.printed', 'd.kind', 'd.amount_paise', 'd.cancelled_reason'])
      .select((eb) => eb.fn.count('l.id').as('lines'))
      .where('d.series', '=', series)
      .where('d.year', '=', financialYearOf(at, TIME_ZONE))
      .groupBy('d.id')
      .orderBy('d.number')
      .execute();
  const gstr1Of = async (at: Date) => {
    const month = dayIn(at, TIME_ZONE).slice(0, 7);
    const body = (await seller.get('/api/gst/gstr1').query({ month }).expect(200)).body as {
      b2cs: unknown[];
      hsn: unknown;
      doc_issue: { doc_det: { docs: DocsRow[] }[] };
    };
    return { ...body, docs: body.doc_issue.doc_det.flatMap((nature) => nature.docs), month };
  };
  const countOf = (table: 'counter_sales' | 'tax_documents') => rowsIn(app.orm, table);

  test('an offline sale under the key its online try took (recorded, its answer lost) answers that sale, its offline number cancelled once, in GSTR-1 and the registers', async () => {
    await billInRegular();
    await openDay();
    const { series } = await registerCounter();
    const product = await ghee();
    const key = randomUUID();
    const online = counterSaleAnswerSchema.parse(
      (
        await sell({ items: [{ product: product.id, quantity: 2 }], payment: 'cash' }, key).expect(
          201,
        )
      ).body,
    ).sale;
    const madeAt = minutesAgo(1);
    const before = await gstr1Of(madeAt);
    const [sales, documents] = [await countOf('counter_sales'), await countOf('tax_documents')];

    // The counter kept the bill under the same key and printed C1's number 3 on it.
    const kept = {
      items: [{ product: product.id, quantity: 2, price: 650 }],
      payment: 'cash',
      offline: { madeAt: madeAt.toISOString(), device: series, number: 3 },
    };
    const first = counterSaleAnswerSchema.parse((await sell(kept, key).expect(201)).body);
    expect(first.sale._id).toBe(online._id);
    expect(first.sale.invoice?.number).toBe(online.invoice?.number);
    expect(first.flagged).toEqual([]);
    const again = counterSaleAnswerSchema.parse((await sell(kept, key).expect(201)).body);
    expect(again).toEqual(first);

    expect(await countOf('counter_sales')).toBe(sales);
    expect(await countOf('tax_documents')).toBe(documents + 1);
    expect(await stockOf(product.id)).toBe(98);
    const printed = documentNumberText('KS', series, financialYearOf(madeAt, TIME_ZONE), 3);
    expect(await documentsOf(series, madeAt)).toEqual([
      {
        number: 3,
        printed,
        kind: 'tax-invoice',
        amount_paise: '0',
        cancelled_reason: `Recorded as ${online.invoice?.number}`,
        lines: '0',
      },
    ]);

    const after = await gstr1Of(madeAt);
    expect(after.docs.find((docs) => docs.from === printed)).toEqual({
      num: expect.any(Number),
      from: printed,
      to: printed,
      totnum: 1,
      cancel: 1,
      net_issue: 0,
    });
    // A cancelled number adds nothing to the month's sales.
    expect(after.b2cs).toEqual(before.b2cs);
    expect(after.hsn).toEqual(before.hsn);
    const docsCsv = (
      await seller
        .get('/api/gst/gstr1')
        .query({ month: after.month, format: 'csv', table: 'docs' })
        .expect(200)
    ).text;
    expect(docsCsv).toContain(`${printed},${printed},1,1`);
    const register = (
      await seller.get('/api/gst/register').query({ month: after.month }).expect(200)
    ).text;
    expect(register).toContain(
      `${series},${printed},Cancelled: Recorded as ${online.invoice?.number},,0.00,0.00,0.00,0.00`,
    );
  });

  test('any other reuse of a key stays 409 IDEMPOTENCY_KEY_REUSED, and cancels nothing', async () => {
    await openDay();
    const { series } = await registerCounter();
    const product = await ghee();
    const madeAt = minutesAgo(2);
    const offline = (number: number, quantity: number) => ({
      items: [{ product: product.id, quantity, price: 650 }],
      payment: 'cash',
      offline: { madeAt: madeAt.toISOString(), device: series, number },
    });
    const offlineKey = randomUUID();
    await sell(offline(1, 1), offlineKey).expect(201);
    const reused = await sell(offline(2, 1), offlineKey).expect(409);
    expect(reused.body.code).toBe('IDEMPOTENCY_KEY_REUSED');

    const onlineKey = randomUUID();
    await sell(
      { items: [{ product: product.id, quantity: 1 }], payment: 'cash' },
      onlineKey,
    ).expect(201);
    const again = await sell(
      { items: [{ product: product.id, quantity: 2 }], payment: 'cash' },
      onlineKey,
    ).expect(409);
    expect(again.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await documentsOf(series, madeAt)).map((document) => document.number)).toEqual([1]);
  });

  test('POST /api/counter/devices/:series/cancelled cancels a number once; a sale’s number is 409, an unknown series 404, bad input 400 naming the field', async () => {
    await openDay();
    const { series } = await registerCounter();
    const product = await ghee();
    const madeAt = minutesAgo(3);
    await sell(
      {
        items: [{ product: product.id, quantity: 1, price: 650 }],
        payment: 'cash',
        offline: { madeAt: madeAt.toISOString(), device: series, number: 1 },
      },
      randomUUID(),
    ).expect(201);
    const cancel = (body: object, to = series) =>
      seller.post(`/api/counter/devices/${to}/cancelled`).send(body);
    const dropped = {
      number: 4,
      madeAt: madeAt.toISOString(),
      reason: 'Dropped at the counter: Tea is no longer sold',
    };
    const printed = documentNumberText('KS', series, financialYearOf(madeAt, TIME_ZONE), 4);

    const first = messageAnswerSchema.parse((await cancel(dropped).expect(201)).body);
    expect(first.message).toBe(`${printed} is cancelled: ${dropped.reason}`);
    const again = messageAnswerSchema.parse(
      (await cancel({ ...dropped, reason: 'Sent twice' }).expect(201)).body,
    );
    expect(again).toEqual(first);
    expect(await documentsOf(series, madeAt)).toMatchObject([
      { number: 1, cancelled_reason: null },
      { number: 4, cancelled_reason: dropped.reason, amount_paise: '0', lines: '0' },
    ]);
    // The counter numbers on past the greatest (of the year now: made in the year before, none
    // yet), and a sale under a cancelled number is refused.
    const device = counterDeviceAnswerSchema.parse(
      (await seller.get(`/api/counter/devices/${series}`).expect(200)).body,
    ).device;
    expect(device.lastNumber).toBe(device.year === financialYearOf(madeAt, TIME_ZONE) ? 4 : 0);
    const onCancelled = await sell(
      {
        items: [{ product: product.id, quantity: 1, price: 650 }],
        payment: 'cash',
        offline: { madeAt: madeAt.toISOString(), device: series, number: 4 },
      },
      randomUUID(),
    ).expect(409);
    expect(onCancelled.body.message).toMatch(/is cancelled/);

    const taken = await cancel({ ...dropped, number: 1 }).expect(409);
    expect(taken.body.message).toMatch(/is recorded as a sale/);
    await cancel(dropped, 'C998').expect(404);
    expect((await cancel(dropped, 'C0').expect(400)).body.message).toMatch(/^series/);
    expect((await cancel({ ...dropped, number: 0 }).expect(400)).body.message).toMatch(/^number/);
    expect((await cancel({ ...dropped, madeAt: 'yesterday' }).expect(400)).body.message).toMatch(
      /^madeAt/,
    );
    const ahead = new Date(Date.now() + 60 * 60_000).toISOString();
    expect((await cancel({ ...dropped, madeAt: ahead }).expect(400)).body.message).toMatch(
      /^madeAt/,
    );
    expect((await cancel({ ...dropped, reason: ' ' }).expect(400)).body.message).toMatch(/^reason/);
    expect((await cancel({ ...dropped, reason: 'a\tb' }).expect(400)).body.message).toMatch(
      /^reason/,
    );
    expect((await documentsOf(series, madeAt)).map((document) => document.number)).toEqual([1, 4]);
  });
});
