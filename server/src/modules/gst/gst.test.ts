import { gstSummaryAnswerSchema } from '@kirana/shared';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, test } from 'vitest';
import { signUpShopper } from '../../test/factories.js';
import { useSeller, useTestAppOfItsOwn } from '../../test/fixtures.js';
import {
  GSTIN,
  indiaTime,
  issueCreditNote,
  issueSale,
  setShopMode,
  type SoldLine,
} from '../../test/gst-factory.js';

const RICE: SoldLine = {
  description: 'Rice 1 kg',
  hsn: '1006',
  gstRate: 5,
  unit: 'piece',
  quantity: 2,
  pricePaise: 6000,
};
const ATTA: SoldLine = {
  description: 'Atta (loose)',
  hsn: '1101',
  gstRate: 0,
  unit: 'kg',
  quantity: 750,
  pricePaise: 5000,
};
const MILK: SoldLine = {
  description: 'Milk',
  hsn: '0401',
  gstRate: 0,
  unit: 'L',
  quantity: 1500,
  pricePaise: 6000,
};
const DELIVERY: SoldLine = {
  description: 'Delivery charges',
  hsn: '996813',
  gstRate: 18,
  unit: 'piece',
  quantity: 1,
  pricePaise: 3000,
};
const COLA: SoldLine = {
  description: 'Cola 750 ml',
  hsn: '2202',
  gstRate: 40,
  unit: 'piece',
  quantity: 1,
  pricePaise: 4000,
};

/** A CSV download's rows, its header first. */
const csvRows = (text: string) => parse(text) as string[][];

describe('the month’s GST', () => {
  // A database of its own: the shop's tax mode and its documents are this file's.
  const app = useTestAppOfItsOwn();
  const seller = useSeller(app);

  describe('a registered shop’s March, with a sale on the 31st at 23:59 and one on 1 April at 00:00', () => {
    beforeAll(async () => {
      await setShopMode(app.orm, 'regular');
      const first = await issueSale(app.orm, 'regular', indiaTime('2027-03-05', '10:00'), [
        RICE,
        ATTA,
        MILK,
        DELIVERY,
      ]);
      await issueSale(app.orm, 'regular', indiaTime('2027-03-31', '23:59'), [COLA]);
      // Sold while the shop still billed in the spec's mode: on the screen, not in the return.
      await issueSale(app.orm, 'spec', indiaTime('2027-03-10', '09:00'), [
        {
          description: 'Soap',
          hsn: null,
          gstRate: null,
          unit: 'piece',
          quantity: 1,
          pricePaise: 10000,
        },
        {
          description: 'Tax (2%)',
          hsn: null,
          gstRate: null,
          unit: 'piece',
          quantity: 1,
          pricePaise: 200,
        },
      ]);
      await issueCreditNote(app.orm, 'regular', indiaTime('2027-03-20', '12:00'), first, [
        { ...RICE, quantity: 1 },
      ]);
      await issueSale(app.orm, 'regular', indiaTime('2027-04-01', '00:00'), [RICE]);
    });

    test('GSTR-1 is the portal’s JSON: B2C by rate net of the credit note, nil-rated, HSN with units, documents issued', async () => {
      const answer = await seller.get('/api/gst/gstr1?month=2027-03').expect(200);
      expect(answer.headers['content-disposition']).toBe(
        'attachment; filename="kirana-gstr1-2027-03.json"',
      );
      const row = { sply_ty: 'INTRA', pos: '27', typ: 'OE', iamt: 0, csamt: 0 };
      const hsn = { iamt: 0, csamt: 0 };
      expect(answer.body).toEqual({
        gstin: '27AAPFU0939F1ZV',
        fp: '032027',
        b2cs: [
          { ...row, rt: 5, txval: 57.15, camt: 1.42, samt: 1.43 },
          { ...row, rt: 18, txval: 25.42, camt: 2.29, samt: 2.29 },
          { ...row, rt: 40, txval: 28.57, camt: 5.71, samt: 5.72 },
        ],
        nil: { inv: [{ sply_ty: 'INTRB2C', expt_amt: 0, nil_amt: 127.5, ngsup_amt: 0 }] },
        hsn: {
          hsn_b2c: [
            {
              ...hsn,
              num: 1,
              hsn_sc: '0401',
              desc: 'Milk',
              uqc: 'LTR',
              qty: 1.5,
              rt: 0,
              txval: 90,
              camt: 0,
              samt: 0,
            },
            {
              ...hsn,
              num: 2,
              hsn_sc: '1006',
              desc: 'Rice 1 kg',
              uqc: 'NOS',
              qty: 1,
              rt: 5,
              txval: 57.15,
              camt: 1.42,
              samt: 1.43,
            },
            {
              ...hsn,
              num: 3,
              hsn_sc: '1101',
              desc: 'Atta (loose)',
              uqc: 'KGS',
              qty: 0.75,
              rt: 0,
              txval: 37.5,
              camt: 0,
              samt: 0,
            },
            {
              ...hsn,
              num: 4,
              hsn_sc: '2202',
              desc: 'Cola 750 ml',
              uqc: 'NOS',
              qty: 1,
              rt: 40,
              txval: 28.57,
              camt: 5.71,
              samt: 5.72,
            },
            {
              ...hsn,
              num: 5,
              hsn_sc: '996813',
              desc: 'Delivery charges',
              uqc: 'NOS',
              qty: 1,
              rt: 18,
              txval: 25.42,
              camt: 2.29,
              samt: 2.29,
            },
          ],
        },
        doc_issue: {
          doc_det: [
            {
              doc_num: 1,
              doc_typ: 'Invoices for outward supply',
              docs: [
                { num: 1, from: 'K/26-27/1', to: 'K/26-27/2', totnum: 2, cancel: 0, net_issue: 2 },
              ],
            },
            {
              doc_num: 5,
              doc_typ: 'Credit Note',
              docs: [
                {
                  num: 1,
                  from: 'K/CN/26-27/1',
                  to: 'K/CN/26-27/1',
                  totnum: 1,
                  cancel: 0,
                  net_issue: 1,
                },
              ],
            },
          ],
        },
      });
    });

    test('each GSTR-1 table downloads as the offline tool’s CSV, headed as its template', async () => {
      const b2cs = await seller
        .get('/api/gst/gstr1?month=2027-03&format=csv&table=b2cs')
        .expect(200);
      expect(b2cs.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(b2cs.headers['content-disposition']).toBe(
        'attachment; filename="kirana-gstr1-2027-03-b2cs.csv"',
      );
      expect(b2cs.text.startsWith('Type,')).toBe(true);
      expect(csvRows(b2cs.text)).toEqual([
        [
          'Type',
          'Place Of Supply',
          'Rate',
          'Applicable % of Tax Rate',
          'Taxable Value',
          'Cess Amount',
          'E-Commerce GSTIN',
        ],
        ['OE', '27-Maharashtra', '5', '', '57.15', '0.00', ''],
        ['OE', '27-Maharashtra', '18', '', '25.42', '0.00', ''],
        ['OE', '27-Maharashtra', '40', '', '28.57', '0.00', ''],
      ]);

      const hsn = await seller.get('/api/gst/gstr1?month=2027-03&format=csv&table=hsn').expect(200);
      expect(csvRows(hsn.text)).toEqual([
        [
          'HSN',
          'Description',
          'UQC',
          'Total Quantity',
          'Total Value',
          'Rate',
          'Taxable Value',
          'Integrated Tax Amount',
          'Central Tax Amount',
          'State/UT Tax Amount',
          'Cess Amount',
        ],
        [
          '0401',
          'Milk',
          'LTR-LITRES',
          '1.5',
          '90.00',
          '0',
          '90.00',
          '0.00',
          '0.00',
          '0.00',
          '0.00',
        ],
        [
          '1006',
          'Rice 1 kg',
          'NOS-NUMBERS',
          '1',
          '60.00',
          '5',
          '57.15',
          '0.00',
          '1.42',
          '1.43',
          '0.00',
        ],
        [
          '1101',
          'Atta (loose)',
          'KGS-KILOGRAMS',
          '0.75',
          '37.50',
          '0',
          '37.50',
          '0.00',
          '0.00',
          '0.00',
          '0.00',
        ],
        [
          '2202',
          'Cola 750 ml',
          'NOS-NUMBERS',
          '1',
          '40.00',
          '40',
          '28.57',
          '0.00',
          '5.71',
          '5.72',
          '0.00',
        ],
        [
          '996813',
          'Delivery charges',
          'NOS-NUMBERS',
          '1',
          '30.00',
          '18',
          '25.42',
          '0.00',
          '2.29',
          '2.29',
          '0.00',
        ],
      ]);

      const exemp = await seller
        .get('/api/gst/gstr1?month=2027-03&format=csv&table=exemp')
        .expect(200);
      expect(csvRows(exemp.text).at(-1)).toEqual([
        'Intra-State supplies to unregistered persons',
        '127.50',
        '0.00',
        '0.00',
      ]);

      const docs = await seller
        .get('/api/gst/gstr1?month=2027-03&format=csv&table=docs')
        .expect(200);
      expect(csvRows(docs.text)).toEqual([
        ['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'],
        ['Invoices for outward supply', 'K/26-27/1', 'K/26-27/2', '2', '0'],
        ['Credit Note', 'K/CN/26-27/1', 'K/CN/26-27/1', '1', '0'],
      ]);
    });

    test('the summary has every mode’s sales by rate net of the credit note, the total, and each series’ documents', async () => {
      const answer = await seller.get('/api/gst/summary?month=2027-03').expect(200);
      expect(gstSummaryAnswerSchema.safeParse(answer.body).success).toBe(true);
      expect(answer.body).toEqual({
        success: true,
        month: '2027-03',
        tax: 'regular',
        gstin: '27AAPFU0939F1ZV',
        byRate: [
          { rate: 0, taxable: 127.5, cgst: 0, sgst: 0, amount: 127.5 },
          { rate: 5, taxable: 57.15, cgst: 1.42, sgst: 1.43, amount: 60 },
          { rate: 18, taxable: 25.42, cgst: 2.29, sgst: 2.29, amount: 30 },
          { rate: 40, taxable: 28.57, cgst: 5.71, sgst: 5.72, amount: 40 },
          { rate: null, taxable: 102, cgst: 0, sgst: 0, amount: 102 },
        ],
        total: { taxable: 340.64, cgst: 9.42, sgst: 9.44, amount: 359.5 },
        documents: [
          { series: 'CN', kind: 'credit-note', from: 'K/CN/26-27/1', to: 'K/CN/26-27/1', count: 1 },
          { series: 'INV', kind: 'tax-invoice', from: 'K/26-27/1', to: 'K/26-27/2', count: 2 },
          { series: 'INV', kind: 'bill', from: 'K/26-27/3', to: 'K/26-27/3', count: 1 },
        ],
      });
    });

    test('the month is the shop’s: 31 March 23:59 IST is March’s, 1 April 00:00 IST April’s, numbered 1 of the new year', async () => {
      const april = await seller.get('/api/gst/summary?month=2027-04').expect(200);
      expect(april.body.documents).toEqual([
        { series: 'INV', kind: 'tax-invoice', from: 'K/27-28/1', to: 'K/27-28/1', count: 1 },
      ]);
      expect(april.body.total).toEqual({ taxable: 114.29, cgst: 2.85, sgst: 2.86, amount: 120 });
    });

    test('the sales register has a row per document, each series in number order, a credit note’s amounts negative', async () => {
      const answer = await seller.get('/api/gst/register?month=2027-03').expect(200);
      expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(answer.headers['content-disposition']).toBe(
        'attachment; filename="kirana-sales-register-2027-03.csv"',
      );
      expect(answer.text.startsWith('\uFEFF')).toBe(true);
      expect(parse(answer.text, { bom: true })).toEqual([
        [
          'Date',
          'Series',
          'Number',
          'Kind',
          'Refers to',
          'Taxable value (₹)',
          'CGST (₹)',
          'SGST (₹)',
          'Total (₹)',
        ],
        [
          '2027-03-20',
          'CN',
          'K/CN/26-27/1',
          'Credit note',
          'K/26-27/1',
          '-57.14',
          '-1.43',
          '-1.43',
          '-60.00',
        ],
        ['2027-03-05', 'INV', 'K/26-27/1', 'Tax invoice', '', '267.21', '5.14', '5.15', '277.50'],
        ['2027-03-31', 'INV', 'K/26-27/2', 'Tax invoice', '', '28.57', '5.71', '5.72', '40.00'],
        ['2027-03-10', 'INV', 'K/26-27/3', 'Bill', '', '102.00', '0.00', '0.00', '102.00'],
      ]);
    });
  });

  test('a sale all taken back in its month leaves no B2C or HSN row, only its two documents', async () => {
    await setShopMode(app.orm, 'regular');
    const sold = await issueSale(app.orm, 'regular', indiaTime('2027-05-02', '11:00'), [COLA]);
    await issueCreditNote(app.orm, 'regular', indiaTime('2027-05-03', '11:00'), sold, [COLA]);
    const answer = await seller.get('/api/gst/gstr1?month=2027-05').expect(200);
    expect(answer.body).toMatchObject({ b2cs: [], hsn: { hsn_b2c: [] } });
    expect(answer.body).not.toHaveProperty('nil');
    expect(
      answer.body.doc_issue.doc_det.map((nature: { docs: unknown[] }) => nature.docs.length),
    ).toEqual([1, 1]);
  });

  describe('refusals', () => {
    test('GSTR-1 of a shop not registered is refused, 409 NOT_REGISTERED, but for the months it was; its summary and register still answer', async () => {
      await setShopMode(app.orm, 'spec');
      const refused = await seller.get('/api/gst/gstr1?month=2026-06').expect(409);
      expect(refused.body).toMatchObject({
        success: false,
        code: 'NOT_REGISTERED',
        message:
          'GSTR-1 is filed by shops registered for GST: set the shop’s tax to regular with its GSTIN',
      });
      await seller.get('/api/gst/gstr1?month=2026-06&format=csv&table=hsn').expect(409);
      // March's sales were a registered shop's: their return is still due, under their GSTIN.
      const march = await seller.get('/api/gst/gstr1?month=2027-03').expect(200);
      expect(march.body).toMatchObject({ gstin: GSTIN, fp: '032027' });
      const summary = await seller.get('/api/gst/summary?month=2027-03').expect(200);
      expect(summary.body).toMatchObject({ tax: 'spec', gstin: '' });
      await seller.get('/api/gst/register?month=2027-03').expect(200);
    });

    test.each([
      ['month=2027-13', 'month must be a month as YYYY-MM'],
      ['month=March', 'month must be a month as YYYY-MM'],
      ['', 'month'],
      ['month=2027-03&format=csv', 'table names the GSTR-1 table'],
      ['month=2027-03&table=hsn', 'table names the GSTR-1 table'],
      ['month=2027-03&format=csv&table=b2b', 'table must be'],
    ])('a bad query (%s) is refused with 400 by each route', async (query, message) => {
      for (const route of ['gstr1', 'summary', 'register']) {
        const answer = await seller.get(`/api/gst/${route}?${query}`).expect(400);
        expect(answer.body.message).toContain(message);
      }
    });

    test('a shopper, or nobody, is not the seller: 401', async () => {
      const shopper = await signUpShopper(app);
      for (const route of ['gstr1', 'summary', 'register']) {
        await shopper.http.get(`/api/gst/${route}?month=2027-03`).expect(401);
        await app.http().get(`/api/gst/${route}?month=2027-03`).expect(401);
      }
    });
  });
});
