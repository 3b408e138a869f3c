import {
  counterReturnAnswerSchema,
  counterSaleAnswerSchema,
  paiseOf,
  type CounterSaleBody,
  type TaxMode,
} from '@kirana/shared';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { setClock } from '../../test/clock.js';
import { useTestAppOfItsOwn } from '../../test/fixtures.js';
import { createProduct } from '../../test/factories.js';
import { createKhataCustomer } from '../../test/khata-factory.js';
import { useTill } from '../../test/till.js';
import type { GstTables } from '../gst/gst.entity.js';
import { ProductSchema } from '../product/product.entity.js';
import { ShopSettingsSchema } from '../shop/shop.entity.js';
import type { CounterTables } from './counter.entity.js';
import { sellAtCounter } from './counter-sale.service.js';

describe('the counter’s bills the law asks for: invoices numbered without gaps, credit notes, tax by line', () => {
  // Its own database: one day of the till is open at a time, shop-wide; series count per year.
  const app = useTestAppOfItsOwn();
  const { seller, openDay, sell, stockOf } = useTill(app);
  afterEach(() => {
    vi.useRealTimers();
  });
  const db = () => app.orm.em.fork().getKysely<CounterTables & GstTables>();

  /** The shop billing in `tax`, registered in Maharashtra as Kirana Stores, prefix KS. */
  const billIn = (tax: TaxMode) =>
    app.orm.em.fork().nativeUpdate(
      ShopSettingsSchema,
      { id: 1 },
      {
        tax,
        gstin: '27AAPFU0939F1ZV',
        legalName: 'Kirana Stores Pvt Ltd',
        address: '12 MG Road, Pune',
        invoicePrefix: 'KS',
      },
    );
  /** A product with its HSN code and rate (hundredths: 500 is 5 %). */
  async function rated(name: string, offerPricePaise: number, hsn: string, gstRate: number) {
    const em = app.orm.em.fork();
    const product = await createProduct(em, {
      name,
      offerPricePaise,
      pricePaise: offerPricePaise,
      stockCount: 1_000,
    });
    await em.nativeUpdate(ProductSchema, product.id, { hsn, gstRate });
    return product;
  }
  /** A sale through the service, at the process's (faked) clock, as the route makes it. */
  const sellNow = (body: CounterSaleBody) => sellAtCounter(app.orm.em.fork(), app.events, body);
  const invoicesOf = (year: number) =>
    db()
      .selectFrom('tax_documents')
      .select(['number', 'printed'])
      .where('series', '=', 'INV')
      .where('year', '=', year)
      .orderBy('number')
      .execute();
  /** A document's sums (64-bit columns, read as text) as numbers of paise. */
  const sums = <T extends Record<string, unknown>>(row: T) =>
    Object.fromEntries(
      Object.entries(row).map(([key, value]) => [
        key,
        key.endsWith('_paise') ? Number(value) : value,
      ]),
    );
  /** Rupees to paise, to add amounts without floating point. */
  const p = (rupees: number | null) => paiseOf(rupees ?? Number.NaN);

  test('a registered shop’s sale is a tax invoice: each line’s HSN, rate, taxable value and halves add up to its amount, the document’s to the bill, its receipt says so; a return gets a credit note naming it', async () => {
    await billIn('regular');
    await openDay();
    const ghee = await rated('Ghee 1 L', 65_000, '0405', 500);
    const cola = await rated('Cola 2 L', 9_900, '22021010', 4_000);
    const { sale } = counterSaleAnswerSchema.parse(
      (
        await sell({
          items: [
            { product: ghee.id, quantity: 2 },
            { product: cola.id, quantity: 1 },
          ],
          payment: 'cash',
        }).expect(201)
      ).body,
    );
    // Shelf prices include GST: no 2 % on top.
    expect(sale).toMatchObject({ subtotal: 1399, tax: 0, amount: 1399 });
    expect(sale.invoice).toMatchObject({ series: 'INV', kind: 'tax-invoice' });
    expect(sale.invoice?.number).toMatch(/^KS\/\d\d-\d\d\/\d+$/);
    // ₹1,300 at 5 %: taxable ₹1,238.10, ₹30.95 + ₹30.95; ₹99 at 40 %: ₹70.71, ₹14.14 + ₹14.15.
    expect(sale.lines).toMatchObject([
      { hsn: '0405', gstRate: 5, taxable: 1238.1, cgst: 30.95, sgst: 30.95 },
      { hsn: '22021010', gstRate: 40, taxable: 70.71, cgst: 14.14, sgst: 14.15 },
    ]);
    for (const line of sale.lines)
      expect(p(line.taxable) + p(line.cgst) + p(line.sgst)).toBe(p(line.amount));

    const document = await db()
      .selectFrom('tax_documents as d')
      .innerJoin('counter_sales as s', 's.tax_document_id', 'd.id')
      .selectAll('d')
      .where('s.id', '=', sale._id)
      .executeTakeFirstOrThrow();
    expect(sums(document)).toMatchObject({
      printed: sale.invoice?.number,
      kind: 'tax-invoice',
      mode: 'regular',
      gstin: '27AAPFU0939F1ZV',
      place_of_supply: '27',
      amount_paise: 139_900,
      taxable_paise: 123_810 + 7_071,
      cgst_paise: 3_095 + 1_414,
      sgst_paise: 3_095 + 1_415,
    });
    const lines = await db()
      .selectFrom('tax_document_lines')
      .selectAll()
      .where('document_id', '=', document.id)
      .orderBy('position')
      .execute();
    expect(lines.map((line) => [line.hsn, line.gst_rate, line.amount_paise])).toEqual([
      ['0405', 500, 130_000],
      ['22021010', 4_000, 9_900],
    ]);

    const receipt = await seller.get(`/api/counter/sales/${sale._id}/receipt`).expect(200);
    expect(receipt.text).toContain('TAX INVOICE');
    expect(receipt.text).toContain('GSTIN 27AAPFU0939F1ZV');
    expect(receipt.text).toContain(`Invoice No. ${sale.invoice?.number}`);
    expect(receipt.text).toContain('One Thousand Three Hundred Ninety Nine Rupees Only');

    const back = counterReturnAnswerSchema.parse(
      (
        await seller
          .post(`/api/counter/sales/${sale._id}/return`)
          .send({ lines: [{ product: ghee.id, quantity: 1 }] })
          .expect(200)
      ).body,
    );
    // ₹650 back, its GST reckoned at the line's 5 %: ₹619.05, ₹15.47 + ₹15.48.
    expect(back.return).toMatchObject({
      amount: 650,
      lines: [{ hsn: '0405', gstRate: 5, taxable: 619.05, cgst: 15.47, sgst: 15.48 }],
      creditNote: { series: 'CN', kind: 'credit-note', refersTo: sale.invoice?.number },
    });
    expect(back.return.creditNote?.number).toMatch(/^KS\/CN\/\d\d-\d\d\/\d+$/);
    const note = await db()
      .selectFrom('tax_documents as d')
      .innerJoin('counter_returns as r', 'r.tax_document_id', 'd.id')
      .selectAll('d')
      .where('r.id', '=', back.return._id)
      .executeTakeFirstOrThrow();
    expect(sums(note)).toMatchObject({
      refers_to_id: document.id,
      mode: 'regular',
      amount_paise: 65_000,
      taxable_paise: 61_905,
      cgst_paise: 1_547,
      sgst_paise: 1_548,
    });
  });

  test('a line returned one unit at a time: its credit notes together take back exactly the tax its invoice charged', async () => {
    await billIn('regular');
    await openDay();
    const tea = await rated('Tea 100 g', 1_000, '0902', 500);
    const { sale } = counterSaleAnswerSchema.parse(
      (await sell({ items: [{ product: tea.id, quantity: 3 }], payment: 'cash' }).expect(201)).body,
    );
    // ₹30 at 5 %: ₹28.57 taxable, ₹0.71 + ₹0.72; one unit alone would be ₹9.52, ₹0.24 + ₹0.24.
    expect(sale.lines).toMatchObject([{ taxable: 28.57, cgst: 0.71, sgst: 0.72 }]);
    const taken = { taxable: 0, cgst: 0, sgst: 0, amount: 0 };
    for (let unit = 0; unit < 3; unit += 1) {
      const back = counterReturnAnswerSchema.parse(
        (
          await seller
            .post(`/api/counter/sales/${sale._id}/return`)
            .send({ lines: [{ product: tea.id, quantity: 1 }] })
            .expect(200)
        ).body,
      );
      const [line] = back.return.lines;
      taken.taxable += p(line?.taxable ?? null);
      taken.cgst += p(line?.cgst ?? null);
      taken.sgst += p(line?.sgst ?? null);
      taken.amount += p(line?.amount ?? null);
    }
    expect(taken).toEqual({ taxable: 2857, cgst: 71, sgst: 72, amount: 3000 });
  });

  test('every mode numbers its bills; the spec’s bill carries its 2 % as a line so that its lines add up to the amount, and so does its credit note', async () => {
    await openDay();
    const rice = await rated('Rice 5 kg', 39_900, '1006', 500);
    for (const [tax, kind] of [
      ['spec', 'bill'],
      ['unregistered', 'bill'],
      ['composition', 'bill-of-supply'],
    ] as const) {
      await billIn(tax);
      const { sale } = counterSaleAnswerSchema.parse(
        (await sell({ items: [{ product: rice.id, quantity: 3 }], payment: 'upi' }).expect(201))
          .body,
      );
      expect(sale.invoice, tax).toMatchObject({ series: 'INV', kind });
      expect(sale.tax, tax).toBe(tax === 'spec' ? 23.94 : 0);
      expect(sale.lines[0], tax).toMatchObject({ hsn: '1006', gstRate: 5, taxable: null });
      const document = await db()
        .selectFrom('tax_documents as d')
        .innerJoin('counter_sales as s', 's.tax_document_id', 'd.id')
        .select(['d.id', 'd.amount_paise', 'd.taxable_paise', 'd.cgst_paise', 'd.mode'])
        .where('s.id', '=', sale._id)
        .executeTakeFirstOrThrow();
      expect(sums(document), tax).toMatchObject({
        mode: tax,
        amount_paise: p(sale.amount),
        taxable_paise: p(sale.amount),
        cgst_paise: 0,
      });
      const descriptions = await db()
        .selectFrom('tax_document_lines')
        .select(['description', 'amount_paise'])
        .where('document_id', '=', document.id)
        .orderBy('position')
        .execute();
      expect(descriptions, tax).toEqual([
        { description: 'Rice 5 kg', amount_paise: 119_700 },
        ...(tax === 'spec' ? [{ description: 'Tax (2%)', amount_paise: 2_394 }] : []),
      ]);
      const back = counterReturnAnswerSchema.parse(
        (
          await seller
            .post(`/api/counter/sales/${sale._id}/return`)
            .send({ lines: [{ product: rice.id, quantity: 1 }] })
            .expect(200)
        ).body,
      );
      // The 2 % goes back with the units in the spec's mode only.
      expect(back.return.amount, tax).toBe(tax === 'spec' ? 406.98 : 399);
      expect(back.return.creditNote, tax).toMatchObject({ refersTo: sale.invoice?.number });
      const note = await db()
        .selectFrom('tax_documents as d')
        .innerJoin('counter_returns as r', 'r.tax_document_id', 'd.id')
        .select(['d.amount_paise', 'd.mode'])
        .where('r.id', '=', back.return._id)
        .executeTakeFirstOrThrow();
      expect(sums(note), tax).toEqual({ amount_paise: p(back.return.amount), mode: tax });
    }
  });

  test('fifty counter sales at once get invoices 1 to 50 of the year, none missing, none twice', async () => {
    await billIn('regular');
    await openDay();
    const dal = await rated('Toor Dal 1 kg', 16_000, '0713', 500);
    setClock(new Date('2030-06-15T06:30:00.000Z'));
    const sales = await Promise.all(
      Array.from({ length: 50 }, () =>
        sellNow({ items: [{ product: dal.id, quantity: 1 }], payment: 'upi' }),
      ),
    );
    const numbers = sales.map((sale) => sale.invoice?.number);
    expect(new Set(numbers).size).toBe(50);
    expect(await invoicesOf(2030)).toEqual(
      Array.from({ length: 50 }, (_, index) => ({
        number: index + 1,
        printed: `KS/30-31/${index + 1}`,
      })),
    );
    expect(await stockOf(dal.id)).toBe(950);
  });

  test('a refused sale takes no number: out of stock, past the credit limit or without HSN, the next sale’s number follows the last', async () => {
    await billIn('regular');
    await openDay();
    const atta = await rated('Atta 5 kg', 25_000, '1101', 0);
    const scarce = await rated('Saffron 1 g', 30_000, '0910', 500);
    await app.orm.em.fork().nativeUpdate(ProductSchema, scarce.id, { stockCount: 1 });
    const papad = await createProduct(app.orm.em.fork(), { name: 'Papad', stockCount: 10 });
    const customer = await createKhataCustomer(app.orm.em.fork(), { limitPaise: 10_000 });
    setClock(new Date('2031-06-15T06:30:00.000Z'));

    const first = await sellNow({ items: [{ product: atta.id, quantity: 1 }], payment: 'cash' });
    await expect(
      sellNow({ items: [{ product: scarce.id, quantity: 2 }], payment: 'cash' }),
    ).rejects.toMatchObject({ code: 'OUT_OF_STOCK' });
    await expect(
      sellNow({ items: [{ product: atta.id, quantity: 1 }], payment: 'khata', customer }),
    ).rejects.toMatchObject({ code: 'CREDIT_LIMIT' });
    const sales = await db().selectFrom('counter_sales').select('id').execute();
    await expect(
      sellNow({
        items: [
          { product: atta.id, quantity: 1 },
          { product: papad.id, quantity: 1 },
        ],
        payment: 'cash',
      }),
    ).rejects.toMatchObject({
      code: 'GST_DETAILS_MISSING',
      message: 'Papad has no HSN code or GST rate: set them on the product before selling it',
    });
    // Nothing of it was written: no sale, no units taken.
    expect(await db().selectFrom('counter_sales').select('id').execute()).toHaveLength(
      sales.length,
    );
    expect(await stockOf(atta.id)).toBe(999);
    expect(await stockOf(papad.id)).toBe(10);
    const second = await sellNow({ items: [{ product: atta.id, quantity: 1 }], payment: 'cash' });

    expect([first.invoice?.number, second.invoice?.number]).toEqual(['KS/31-32/1', 'KS/31-32/2']);
    expect(await invoicesOf(2031)).toEqual([
      { number: 1, printed: 'KS/31-32/1' },
      { number: 2, printed: 'KS/31-32/2' },
    ]);
  });

  test('the refusal of a product without HSN is the route’s 409 too, and writes nothing', async () => {
    await billIn('regular');
    await openDay();
    const papad = await createProduct(app.orm.em.fork(), { name: 'Papad', stockCount: 10 });
    const before = await db().selectFrom('tax_documents').select('id').execute();
    const refused = await sell({
      items: [{ product: papad.id, quantity: 1 }],
      payment: 'cash',
    }).expect(409);
    expect(refused.body).toMatchObject({
      success: false,
      code: 'GST_DETAILS_MISSING',
      message: 'Papad has no HSN code or GST rate: set them on the product before selling it',
    });
    expect(await db().selectFrom('tax_documents').select('id').execute()).toHaveLength(
      before.length,
    );
    expect(await stockOf(papad.id)).toBe(10);
  });

  test('the first sale from 1 April, 00:00 in the shop’s time zone, is number 1 of the new financial year', async () => {
    await billIn('regular');
    await openDay();
    const salt = await rated('Salt 1 kg', 2_800, '2501', 0);
    const body: CounterSaleBody = { items: [{ product: salt.id, quantity: 1 }], payment: 'cash' };
    // 11:59:58 pm on 31 March in Kolkata (18:29:58 UTC): the year 2032-33's last day.
    setClock(new Date('2033-03-31T18:29:58.000Z'));
    const march = await sellNow(body);
    setClock(new Date('2033-03-31T18:30:00.000Z'));
    const april = await sellNow(body);
    expect(march.invoice).toMatchObject({ number: 'KS/32-33/1', date: '2033-03-31' });
    expect(april.invoice).toMatchObject({ number: 'KS/33-34/1', date: '2033-04-01' });
  });

  test('a return of a sale from before invoices gets no credit note', async () => {
    await billIn('spec');
    await openDay();
    const soap = await rated('Soap', 4_000, '3401', 1_800);
    const { sale } = counterSaleAnswerSchema.parse(
      (await sell({ items: [{ product: soap.id, quantity: 2 }], payment: 'cash' }).expect(201))
        .body,
    );
    // As a sale recorded before documents were issued.
    await db()
      .updateTable('counter_sales')
      .set({ tax_document_id: null })
      .where('id', '=', sale._id)
      .execute();
    const back = counterReturnAnswerSchema.parse(
      (
        await seller
          .post(`/api/counter/sales/${sale._id}/return`)
          .send({ lines: [{ product: soap.id, quantity: 1 }] })
          .expect(200)
      ).body,
    );
    expect(back.return).toMatchObject({ amount: 40.8, creditNote: null });
    expect(back.sale.invoice).toBeNull();
  });
});
