import { describe, expect, it } from 'vitest';
import type { CounterSale } from '../contract/counter.js';
import { saleDocumentKind, TAX_MODES, type TaxMode } from '../domain/gst.js';
import { receiptEscPos } from './receipt-escpos.js';
import { receiptHtml } from './receipt-html.js';
import { receiptModeOf, receiptOf, type ReceiptShop } from './receipt.js';

const shop: ReceiptShop = {
  name: 'Kirana Store',
  legalName: 'Kirana Stores Pvt Ltd',
  phone: '98765 43210',
  address: '12 MG Road, Pune',
  timeZone: 'Asia/Kolkata',
  gstin: '27AAPFU0939F1ZV',
};

/**
 * A sale as the Counter reckons it without a connection: bill 5 of counter C1's series, two
 * packets of ghee at ₹650 (5 %) and 750 g of onions at ₹40/kg (0 %), ₹1,330 paid in cash from
 * ₹2,000, at 2:40 pm in Pune; its lines' tax reckoned in `regular` only, the spec's 2 % on top.
 */
function offlineSale(mode: TaxMode): CounterSale {
  const registered = mode === 'regular' || mode === 'composition';
  const tax = mode === 'spec' ? 26.6 : 0;
  const taxed = mode === 'regular';
  return {
    _id: '01a21c37-887d-75a9-84a8-a033fefeb5a0',
    number: 0,
    invoice: {
      number: registered ? 'KS/C1/26-27/5' : 'C1/26-27/5',
      series: 'C1',
      date: '2026-11-27',
      kind: saleDocumentKind(mode),
    },
    lines: [
      {
        product: '01a21c37-887d-75a9-84a8-a033fefeb5a1',
        name: 'Ghee 1 L',
        unit: 'piece',
        quantity: 2,
        unitPrice: 650,
        amount: 1300,
        returned: 0,
        hsn: mode === 'spec' ? null : '0405',
        gstRate: mode === 'spec' ? null : 5,
        taxable: taxed ? 1238.1 : null,
        cgst: taxed ? 30.95 : null,
        sgst: taxed ? 30.95 : null,
      },
      {
        product: '01a21c37-887d-75a9-84a8-a033fefeb5a2',
        name: 'Onion',
        unit: 'kg',
        quantity: 750,
        unitPrice: 40,
        amount: 30,
        returned: 0,
        hsn: mode === 'spec' ? null : '0703',
        gstRate: mode === 'spec' ? null : 0,
        taxable: taxed ? 30 : null,
        cgst: taxed ? 0 : null,
        sgst: taxed ? 0 : null,
      },
    ],
    subtotal: 1330,
    tax,
    amount: 1330 + tax,
    payment: 'cash',
    tendered: 2000,
    change: 2000 - 1330 - tax,
    customer: null,
    onKhata: 0,
    paid: null,
    refunded: 0,
    createdAt: '2026-11-27T09:10:00.000Z',
  };
}

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

describe('the receipt of a sale as the API answers it', () => {
  it('reads the mode its document was issued in from the sale: a plain bill with tax is the spec’s', () => {
    for (const mode of TAX_MODES) expect(receiptModeOf(offlineSale(mode))).toBe(mode);
    expect(receiptModeOf({ invoice: null, tax: 0 })).toBe('spec');
  });

  it('of a tax invoice in a counter’s own series says its C1 number, GSTIN, HSN, tax by rate and words', () => {
    const receipt = receiptOf(offlineSale('regular'), shop);
    expect(receipt.title).toBe('TAX INVOICE');
    expect(receipt.shop).toBe('Kirana Stores Pvt Ltd');
    expect(receipt.bill).toBe('Invoice No. KS/C1/26-27/5');
    expect(receipt.date).toBe('27 Nov 2026, 2:40 pm');
    expect(receipt.contact).toContain('GSTIN 27AAPFU0939F1ZV');
    expect(receipt.lines.map((line) => line.tax)).toEqual(['HSN 0405 GST 5%', 'HSN 0703 GST 0%']);
    expect(receipt.lines[1]).toMatchObject({ quantity: '0.750 kg', unitPrice: 'Rs 40.00/kg' });
    expect(receipt.taxSummary).toEqual([
      { rate: 0, taxable: 'Rs 30.00', cgst: 'Rs 0.00', sgst: 'Rs 0.00' },
      { rate: 5, taxable: 'Rs 1238.10', cgst: 'Rs 30.95', sgst: 'Rs 30.95' },
    ]);
    expect(receipt.words).toBe('One Thousand Three Hundred Thirty Rupees Only');
    expect(receipt.payment).toEqual([
      ['Cash', 'Rs 2000.00'],
      ['Change', 'Rs 670.00'],
    ]);
  });

  it('of a bill of supply says so, the GSTIN and the declaration, and no tax', () => {
    const receipt = receiptOf(offlineSale('composition'), shop);
    expect(receipt.title).toBe('BILL OF SUPPLY');
    expect(receipt.bill).toBe('Bill No. KS/C1/26-27/5');
    expect(receipt.contact).toContain('GSTIN 27AAPFU0939F1ZV');
    expect(receipt.declaration).not.toBeNull();
    expect(receipt.taxSummary).toEqual([]);
    expect(receipt.lines.every((line) => line.tax === null)).toBe(true);
  });

  it('of a plain bill says its shop’s name, number and total only; the spec’s its 2 %', () => {
    const plain = receiptOf(offlineSale('unregistered'), shop);
    expect(plain.title).toBeNull();
    expect(plain.shop).toBe('Kirana Store');
    expect(plain.contact).toEqual(['12 MG Road, Pune', 'Phone 98765 43210']);
    expect(plain.bill).toBe('Bill No. C1/26-27/5');
    expect(plain.totals).toEqual([['Total', 'Rs 1330.00']]);
    const spec = receiptOf(offlineSale('spec'), shop);
    expect(spec.totals).toEqual([
      ['Subtotal', 'Rs 1330.00'],
      ['Tax (2%)', 'Rs 26.60'],
      ['Total', 'Rs 1356.60'],
    ]);
  });

  it('of a khata sale says what was paid how, what went on the khata and whose it is', () => {
    const sale: CounterSale = {
      ...offlineSale('unregistered'),
      payment: 'khata',
      tendered: null,
      change: null,
      customer: { _id: 'c', name: 'Asha Rao', balance: 1830, creditLimit: 1000 },
      onKhata: 830,
      paid: { cash: 500, upi: 0 },
    };
    expect(receiptOf(sale, shop).payment).toEqual([
      ['Paid in cash', 'Rs 500.00'],
      ['On khata', 'Rs 830.00'],
      ['Khata: Asha Rao', ''],
      ['Khata balance', 'Rs 1830.00'],
      ['Credit limit', 'Rs 1000.00'],
    ]);
  });

  for (const mode of TAX_MODES)
    it(`in ${mode} mode prints as ESC/POS for both papers and as a page, the same bill`, () => {
      const sale = offlineSale(mode);
      for (const width of [58, 80] as const) {
        const text = latin1(receiptEscPos(sale, shop, { width, drawer: false }));
        expect(text).toContain(mode === 'regular' ? 'Invoice No. KS/C1/26-27/5' : '/26-27/5');
        expect(text).toMatch(/Total[^\n]+Rs 13(30\.00|56\.60)/);
        expect(text).toContain('  0.750 kg x Rs 40.00/kg');
      }
      const html = receiptHtml(sale, shop, 80);
      expect(html).toContain('<small>0.750 kg × ₹40.00/kg</small>');
      expect(html).toContain(`<p>${receiptOf(sale, shop).bill}</p>`);
      expect(html).not.toMatch(/<script|src=/);
    });

  it('opens the cash drawer only when asked', () => {
    const pulse = Buffer.from([0x1b, 0x70]);
    const sale = offlineSale('spec');
    const bytes = (drawer: boolean) =>
      Buffer.from(receiptEscPos(sale, shop, { width: 80, drawer }));
    expect(bytes(true).includes(pulse)).toBe(true);
    expect(bytes(false).includes(pulse)).toBe(false);
  });
});
