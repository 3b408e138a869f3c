import { counterSaleBodySchema, counterSaleSchema } from '@kirana/shared';
import { describe, expect, it } from 'vitest';
import { aLooseProductAndPack, aProduct } from '../../../../../test/products';
import { aShop } from '../../../../../test/shop';
import { addToBill, billTotals, saleBody, type Bill, type TillCustomer } from '../bill';
import { offlineSale, type OfflineSaleOf } from './offline-sale';

const KEY = '0190a5b2-7c3e-7a10-8000-00000000abcd';
// 2 April 2026, 10:30 in Kolkata: financial year 26-27.
const MADE_AT = new Date('2026-04-02T05:00:00.000Z');

const tea = aProduct({ name: 'Tea', offerPrice: 40, hsn: '0902', gstRate: 5 });
const soap = aProduct({ name: 'Soap', offerPrice: 33.33, hsn: '3401', gstRate: 18 });
const { loose: dal } = aLooseProductAndPack({ hsn: '0713', gstRate: 0 });

const bill: Bill = addToBill(addToBill([], tea, 3), soap, 1);
const shopIn = (tax: 'spec' | 'unregistered' | 'composition' | 'regular') =>
  aShop({ tax, invoicePrefix: 'KS', timeZone: 'Asia/Kolkata' });

/** The offline sale of `sold` paid in cash, exact, in the shop's `tax` mode. */
function cashSale(
  sold: Bill,
  tax: Parameters<typeof shopIn>[0],
  more: Partial<OfflineSaleOf> = {},
) {
  const shop = shopIn(tax);
  const { total } = billTotals(sold, shop.tax);
  return offlineSale({
    bill: sold,
    body: saleBody(sold, 'cash', total, total),
    key: KEY,
    shop,
    device: { series: 'C1' },
    number: 5,
    madeAt: MADE_AT,
    customer: null,
    ...more,
  });
}

describe('a sale made offline', () => {
  it('in the spec mode adds the 2 % as the server does, and prints the device series number', () => {
    const { sale } = cashSale(bill, 'spec');
    // 3 × ₹40 + ₹33.33 = ₹153.33; 2 % of it rounded down: ₹3.06.
    expect(sale).toMatchObject({ subtotal: 153.33, tax: 3.06, amount: 156.39 });
    expect(sale.invoice).toEqual({
      number: 'KS/C1/26-27/5',
      series: 'C1',
      date: '2026-04-02',
      kind: 'bill',
    });
    expect(sale.lines.map((line) => line.taxable)).toEqual([null, null]);
    expect(counterSaleSchema.parse(sale)).toEqual(sale);
  });

  it('in the regular mode keeps prices as they are, with the GST inside each line', () => {
    const { sale } = cashSale(bill, 'regular');
    expect(sale).toMatchObject({ subtotal: 153.33, tax: 0, amount: 153.33 });
    expect(sale.invoice?.kind).toBe('tax-invoice');
    // ₹120 at 5 %: 120 × 100/105 = ₹114.29 taxable, ₹5.71 tax split 2.85 + 2.86.
    expect(sale.lines[0]).toMatchObject({
      hsn: '0902',
      gstRate: 5,
      taxable: 114.29,
      cgst: 2.85,
      sgst: 2.86,
    });
    // ₹33.33 at 18 %: ₹28.25 taxable, ₹5.08 tax.
    expect(sale.lines[1]).toMatchObject({ taxable: 28.25, cgst: 2.54, sgst: 2.54 });
  });

  it('in the composition and unregistered modes charges no tax, on a bill of supply or a bill', () => {
    expect(cashSale(bill, 'composition').sale).toMatchObject({
      tax: 0,
      amount: 153.33,
      invoice: { kind: 'bill-of-supply' },
    });
    expect(cashSale(bill, 'unregistered').sale).toMatchObject({
      tax: 0,
      amount: 153.33,
      invoice: { kind: 'bill' },
    });
  });

  it('is refused by a registered shop for a product without its GST rate, as the server would', () => {
    const plain = aProduct({ name: 'Plain', offerPrice: 10 });
    expect(() => cashSale(addToBill([], plain), 'regular')).toThrow(
      'Plain has no HSN code or GST rate: set them on the product before selling it',
    );
  });

  it('is refused once its number would print past the law’s 16 characters', () => {
    const shop = aShop({ tax: 'spec', invoicePrefix: 'ABCD', timeZone: 'Asia/Kolkata' });
    const sell = (number: number) =>
      cashSale(bill, 'spec', { shop, device: { series: 'C12' }, number });
    expect(sell(1234).sale.invoice?.number).toBe('ABCDC122627/1234');
    expect(() => sell(12_345)).toThrow(/bill numbers are used up for the year/);
  });

  it('sends every line by its product id with the price charged, and the offline series number', () => {
    const { body } = cashSale(bill, 'spec');
    expect(body).toEqual({
      items: [
        { product: tea._id, quantity: 3, price: 40 },
        { product: soap._id, quantity: 1, price: 33.33 },
      ],
      payment: 'cash',
      amount: 156.39,
      tendered: 156.39,
      sellPastCount: true,
      offline: { madeAt: '2026-04-02T05:00:00.000Z', device: 'C1', number: 5 },
    });
    expect(counterSaleBodySchema.safeParse(body).success).toBe(true);
  });

  it('sends a scale label line by its product and grams, priced per kilo', () => {
    // A label of 750 g and 250 g typed: one line of 1 kg at ₹140/kg.
    const labelled = addToBill(
      addToBill([], dal, 0, { code: '2000042007504', quantity: 750 }),
      dal,
      250,
    );
    const { body, sale } = cashSale(labelled, 'spec');
    expect(body.items).toEqual([{ product: dal._id, quantity: 1000, price: 140 }]);
    expect(sale.lines[0]).toMatchObject({
      unit: 'kg',
      quantity: 1000,
      unitPrice: 140,
      amount: 140,
    });
    expect(sale).toMatchObject({ subtotal: 140, tax: 2.8, amount: 142.8 });
  });

  it('gives the change of the cash tendered', () => {
    const one = addToBill([], tea, 1);
    const { sale, body } = offlineSale({
      bill: one,
      body: saleBody(one, 'cash', 4080, 5000),
      key: KEY,
      shop: shopIn('spec'),
      device: { series: 'C12' },
      number: 1,
      madeAt: MADE_AT,
      customer: null,
    });
    expect(sale).toMatchObject({ amount: 40.8, tendered: 50, change: 9.2, paid: null });
    expect(body.tendered).toBe(50);
  });

  it('puts a khata sale less its part paid now on the khata, on top of the balance last seen', () => {
    const customer: TillCustomer = {
      _id: '0190a5b2-7c3e-7a10-8000-0000000000c1',
      name: 'Meena',
      phone: '9876543210',
      balance: 250.5,
      creditLimit: 1000,
    };
    const { total } = billTotals(bill, 'regular');
    const body = saleBody(bill, 'khata', total, undefined, false, {
      customer: customer._id,
      paidNow: 5333,
      by: 'upi',
    });
    const { sale, body: sent } = cashSale(bill, 'regular', { body, customer });
    expect(sale).toMatchObject({
      payment: 'khata',
      amount: 153.33,
      tendered: null,
      change: null,
      onKhata: 100,
      paid: { cash: 0, upi: 53.33 },
      customer: { _id: customer._id, name: 'Meena', balance: 350.5, creditLimit: 1000 },
    });
    expect(sent).toMatchObject({ customer: customer._id, paid: { upi: 53.33 }, amount: 153.33 });
    expect(counterSaleBodySchema.safeParse(sent).success).toBe(true);
  });

  it('is dated and numbered in the financial year of the shop’s clock when made', () => {
    // 31 March 2027, 23:00 in Kolkata is still 26-27; 1 April at 00:30 is 27-28.
    const late = cashSale(bill, 'spec', { madeAt: new Date('2027-03-31T17:30:00.000Z') }).sale;
    const next = cashSale(bill, 'spec', { madeAt: new Date('2027-03-31T19:00:00.000Z') }).sale;
    expect(late.invoice).toMatchObject({ number: 'KS/C1/26-27/5', date: '2027-03-31' });
    expect(next.invoice).toMatchObject({ number: 'KS/C1/27-28/5', date: '2027-04-01' });
    expect(next.createdAt).toBe('2027-03-31T19:00:00.000Z');
  });
});
