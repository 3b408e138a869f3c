import type { Product } from '@kirana/shared';
import { SOLD_BY_THE_PIECE } from '@kirana/shared';
import { describe, expect, it } from 'vitest';
import {
  addToBill,
  billBeyond,
  billTotals,
  cashFor,
  looksLikeCode,
  joinBills,
  readScan,
  mayPassCount,
  pastCountLines,
  pastCountOf,
  readyToSell,
  lineAmountOf,
  saleBody,
  saleItems,
  setQuantity,
  shortOf,
  typedQuantity,
} from './bill';

const product = (id: string, offerPrice: number, stockCount: number | null = null): Product => ({
  _id: id,
  name: `Product ${id}`,
  category: 'grocery',
  description: [],
  price: offerPrice,
  offerPrice,
  image: [],
  inStock: stockCount !== 0,
  stockCount,
  pastCount: 0,
  weight: null,
  sku: null,
  barcode: null,
  hsn: null,
  gstRate: null,
  ...SOLD_BY_THE_PIECE,
  archivedAt: null,
  createdAt: '2026-11-27T00:00:00.000Z',
  updatedAt: '2026-11-27T00:00:00.000Z',
});

/** The spec's shop, with or without a UPI id. */
const NO_UPI = { upiId: '', tax: 'spec' } as const;
const WITH_UPI = { upiId: 'shop@upi', tax: 'spec' } as const;

describe('the bill', () => {
  const rice = product('rice', 399, 5);
  const salt = product('salt', 28);

  it('adds a scan to its product’s line, keeps the order lines came in, and prices it as the server will', () => {
    let bill = addToBill([], rice);
    bill = addToBill(bill, salt, 2);
    bill = addToBill(bill, rice, 2);
    expect(bill.map((line) => [line.product._id, line.quantity])).toEqual([
      ['rice', 3],
      ['salt', 2],
    ]);
    // ₹1,197 + ₹56 = ₹1,253; 2 % tax ₹25.06.
    expect(billTotals(bill, 'spec')).toEqual({
      subtotal: 125_300,
      tax: 2_506,
      shipping: 0,
      total: 127_806,
    });
  });

  it('totals by the shop’s mode: the spec’s 2 % added, in every other mode the shelf prices as they are', () => {
    const bill = addToBill(addToBill([], rice, 3), salt, 2);
    expect(billTotals(bill, 'spec').total).toBe(127_806);
    for (const mode of ['unregistered', 'composition', 'regular'] as const)
      expect(billTotals(bill, mode)).toEqual({
        subtotal: 125_300,
        tax: 0,
        shipping: 0,
        total: 125_300,
      });
  });

  it('is ready for cash tendered that covers the total by the shop’s mode', () => {
    const bill = addToBill([], salt);
    // ₹28: ₹28.56 with the spec's tax, ₹28 registered (GST within the price).
    expect(readyToSell(bill, 'cash', '28', NO_UPI)).toBe(false);
    expect(readyToSell(bill, 'cash', '28', { upiId: '', tax: 'regular' })).toBe(true);
  });

  it('sets a line’s quantity, and 0 takes it off', () => {
    const bill = addToBill(addToBill([], rice), salt);
    expect(setQuantity(bill, 'rice', 4)[0]?.quantity).toBe(4);
    expect(setQuantity(bill, 'rice', 0).map((line) => line.product._id)).toEqual(['salt']);
  });

  it('says how many units are beyond what is left', () => {
    expect(shortOf({ product: rice, quantity: 7 })).toBe(2);
    expect(shortOf({ product: salt, quantity: 70 })).toBe(0);
    expect(shortOf({ product: product('gone', 10, 0), quantity: 1 })).toBe(1);
  });
});

describe('the scan box', () => {
  it('reads a quantity before a code, as POS tills do', () => {
    expect(readScan('3*8901234567890')).toEqual({ quantity: 3, text: '8901234567890' });
    expect(readScan('2 x atta')).toEqual({ quantity: 2, text: 'atta' });
    expect(readScan(' 8901234567890 ')).toEqual({ quantity: 1, text: '8901234567890' });
    // A code holding an x is a code: the quantity's x stands between spaces.
    expect(readScan('2x500g')).toEqual({ quantity: 1, text: '2x500g' });
    expect(readScan('12X6')).toEqual({ quantity: 1, text: '12X6' });
    // More than a line takes is read as asked (the box refuses it), never as part of the code.
    expect(readScan('5000*8901234567890')).toEqual({ quantity: 5000, text: '8901234567890' });
  });

  it('tells codes from names', () => {
    expect(looksLikeCode('8901234567890')).toBe(true);
    expect(looksLikeCode('ATTA-5KG')).toBe(true);
    expect(looksLikeCode('atta')).toBe(false);
    expect(looksLikeCode('rice 5 kg')).toBe(false);
  });
});

describe('cash', () => {
  it('gives change from what is tendered, the exact amount when nothing is typed', () => {
    expect(cashFor(124_950, '2000')).toEqual({ tendered: 200_000, change: 75_050 });
    expect(cashFor(124_950, '')).toEqual({ tendered: 124_950, change: 0 });
    expect(cashFor(124_950, '2,000')).toEqual({ tendered: 200_000, change: 75_050 });
    expect(cashFor(12_495_000, '1,25,000')).toEqual({ tendered: 12_500_000, change: 5_000 });
    // Commas out of place are not read.
    expect(cashFor(124_950, ',')).toEqual({ invalid: true });
    expect(cashFor(124_950, '1,0,0')).toEqual({ invalid: true });
    expect(cashFor(124_950, '20,00')).toEqual({ invalid: true });
    expect(cashFor(124_950, '1000')).toEqual({ short: 24_950 });
    expect(cashFor(124_950, '12.345')).toEqual({ invalid: true });
    expect(cashFor(124_950, 'abc')).toEqual({ invalid: true });
  });
});

describe('the sale', () => {
  const bill = addToBill([], product('rice', 399));

  it('says the total shown, and tendered cash, in rupees; none tendered for UPI', () => {
    expect(saleBody(bill, 'cash', 40_698, 50_050)).toEqual({
      items: [{ product: 'rice', quantity: 1 }],
      payment: 'cash',
      amount: 406.98,
      tendered: 500.5,
    });
    expect(saleBody(bill, 'upi', 40_698, 50_050)).toEqual({
      items: [{ product: 'rice', quantity: 1 }],
      payment: 'upi',
      amount: 406.98,
    });
  });

  it('is ready with lines the stock allows and the payment covered', () => {
    expect(readyToSell(bill, 'cash', '', NO_UPI)).toBe(true);
    expect(readyToSell(bill, 'cash', '100', NO_UPI)).toBe(false);
    expect(readyToSell(bill, 'upi', '', NO_UPI)).toBe(false);
    expect(readyToSell(bill, 'upi', '', WITH_UPI)).toBe(true);
    expect(readyToSell([], 'cash', '', WITH_UPI)).toBe(false);
    const untracked = { ...product('gone', 10), inStock: false };
    expect(readyToSell([{ product: untracked, quantity: 1 }], 'cash', '', NO_UPI)).toBe(false);
    const switchedOff = { ...product('off', 10, 5), inStock: false };
    expect(readyToSell([{ product: switchedOff, quantity: 1 }], 'cash', '', NO_UPI)).toBe(false);
  });

  it('sells past a product’s count only with the seller’s word, and only a counted product', () => {
    const gone = { product: product('gone', 10, 0), quantity: 2 };
    const few = { product: product('few', 10, 1), quantity: 3 };
    const plenty = { product: product('plenty', 10, 9), quantity: 3 };
    expect([gone, few, plenty].map(pastCountOf)).toEqual([2, 2, 0]);
    expect(pastCountOf({ product: product('uncounted', 10), quantity: 3 })).toBe(0);
    expect(
      pastCountOf({ product: { ...product('off', 10, 5), inStock: false }, quantity: 9 }),
    ).toBe(0);
    // A scan box's suggestion of a product out of stock by its count may still be picked.
    expect(mayPassCount(gone.product)).toBe(true);
    expect(mayPassCount({ ...product('off', 10, 5), inStock: false })).toBe(false);
    expect(mayPassCount({ ...product('uncounted', 10), inStock: false })).toBe(false);
    // Ready to sell: the seller is asked before it is sent.
    expect(readyToSell([gone, plenty], 'cash', '', NO_UPI)).toBe(true);
    expect(pastCountLines([gone, plenty, few])).toEqual([gone, few]);
    expect(saleBody([gone], 'upi', 2_040, undefined, true)).toEqual({
      items: [{ product: 'gone', quantity: 2 }],
      payment: 'upi',
      amount: 20.4,
      sellPastCount: true,
    });
  });

  it('after a sale recorded from an earlier state of the bill, what was added since is left', () => {
    const rice = product('rice', 399);
    const salt = product('salt', 28);
    const oil = product('oil', 180);
    const bill = joinBills(addToBill(addToBill([], rice, 3), salt), [
      { product: oil, quantity: 1 },
    ]);
    const sold = [
      { product: 'rice', quantity: 2 },
      { product: 'salt', quantity: 1 },
    ];
    expect(billBeyond(bill, sold)).toEqual([
      { product: rice, quantity: 1 },
      { product: oil, quantity: 1 },
    ]);
    expect(billBeyond(bill, saleBody(bill, 'cash', 0).items)).toEqual([]);
  });
});

describe('a bill of loose goods', () => {
  // ₹140.05 a kilo, 2 kg counted.
  const onion: Product = { ...product('onion', 140.05, 2000), unit: 'kg', scaleCode: '00042' };
  const salt = product('salt', 28);
  const label = (code: string, quantity: number) => ({ code, quantity });

  it('holds grams at a price per kilo, each line priced by the one rounding rule, the total their sum', () => {
    const bill = addToBill(addToBill([], onion, 750), salt, 2);
    // 750 g at ₹140.05/kg is ₹105.0375: ₹105.04.
    expect(lineAmountOf(bill[0]!)).toBe(10_504);
    // ₹105.04 + ₹56 = ₹161.04; 2 % tax ₹3.22.
    expect(billTotals(bill, 'spec')).toEqual({
      subtotal: 16_104,
      tax: 322,
      shipping: 0,
      total: 16_426,
    });
  });

  it('adds weights in grams up to 1,000 kg a line, not the 999 of pieces', () => {
    const bill = addToBill(addToBill([], onion, 999_500), onion, 750);
    expect(bill.map((line) => line.quantity)).toEqual([1_000_000]);
    expect(addToBill([], onion, 1500)[0]?.quantity).toBe(1500);
  });

  it('sends each scale label as scanned without a quantity, and only what was typed beyond them by weight', () => {
    let bill = addToBill([], onion, 0, label('2100042007505', 750));
    bill = addToBill(bill, onion, 0, label('2100042002500', 250));
    bill = addToBill(bill, onion, 500);
    bill = addToBill(bill, salt);
    expect(bill.map((line) => line.quantity)).toEqual([1500, 1]);
    expect(saleItems(bill)).toEqual([
      { code: '2100042007505' },
      { code: '2100042002500' },
      { product: 'onion', quantity: 500 },
      { product: 'salt', quantity: 1 },
    ]);
  });

  it('does not add a label past what a line holds, rather than cut its weight short', () => {
    const bill = addToBill([], onion, 999_900);
    expect(addToBill(bill, onion, 0, label('2100042002500', 250))).toBe(bill);
  });

  it('takes a typed weight as the whole line: its labels go, the weight is sent by grams', () => {
    const labelled = addToBill([], onion, 0, label('2100042007505', 750));
    const typed = setQuantity(labelled, 'onion', 1200);
    expect(typed).toEqual([{ product: onion, quantity: 1200 }]);
    expect(saleItems(typed)).toEqual([{ product: 'onion', quantity: 1200 }]);
    expect(setQuantity(typed, 'onion', 2_000_000)[0]?.quantity).toBe(1_000_000);
    expect(setQuantity(typed, 'onion', 0)).toEqual([]);
  });

  it('keeps beyond a sale recorded already what its labels and grams did not take', () => {
    let bill = addToBill([], onion, 0, label('2100042007505', 750));
    bill = addToBill(bill, onion, 300);
    const sold = saleItems(bill);
    bill = addToBill(bill, onion, 0, label('2100042002500', 250));
    bill = addToBill(bill, salt);
    expect(billBeyond(bill, sold)).toEqual([
      { product: onion, quantity: 250, labels: [label('2100042002500', 250)] },
      { product: salt, quantity: 1 },
    ]);
    // Joined to what was scanned meanwhile, the labels are kept apart from typed grams.
    const joined = joinBills(billBeyond(bill, sold), [{ product: onion, quantity: 100 }]);
    expect(saleItems(joined)).toEqual([
      { code: '2100042002500' },
      { product: 'onion', quantity: 100 },
      { product: 'salt', quantity: 1 },
    ]);
  });

  it('is short of what its count holds in grams, and asks past it as it does for pieces', () => {
    const bill = addToBill([], onion, 2500);
    expect(shortOf(bill[0]!)).toBe(500);
    expect(pastCountLines(bill)).toHaveLength(1);
    expect(readyToSell(addToBill([], onion, 2000), 'cash', '', NO_UPI)).toBe(true);
  });
});

describe('a quantity typed at the counter', () => {
  it('is a count of pieces, a loose product’s weight as parseWeight reads it, or 0 for none', () => {
    expect(typedQuantity('12', 'piece')).toEqual({ quantity: 12 });
    expect(typedQuantity('1.5', 'piece')).toEqual({
      problem: 'Type a number of pieces, up to 999',
    });
    expect(typedQuantity('0.75', 'kg')).toEqual({ quantity: 750 });
    expect(typedQuantity(' 1.2kg ', 'kg')).toEqual({ quantity: 1200 });
    expect(typedQuantity('500ml', 'L')).toEqual({ quantity: 500 });
    expect(typedQuantity('0.000', 'kg')).toEqual({ quantity: 0 });
    expect(typedQuantity('', 'kg')).toEqual({ quantity: 0 });
    expect(typedQuantity('750 ml', 'kg')).toEqual({
      problem: 'This product is sold by weight (kg or g), not volume',
    });
  });
});
