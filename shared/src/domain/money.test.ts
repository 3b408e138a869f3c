import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatReceiptQuantity,
  lineAmount,
  MAX_LINE_QUANTITY,
  MAX_LOOSE_QUANTITY,
} from './quantity.js';
import {
  cartTotals,
  formatAmount,
  ORDER_CURRENCY,
  pricePerUnitText,
  SHOP_CURRENCY,
  toPaise,
  toRupees,
} from './money.js';

const line = fc.record({
  unitPrice: fc.integer({ min: 0, max: 1_000_000_000 }),
  quantity: fc.integer({ min: 1, max: MAX_LINE_QUANTITY }),
});
const lines = fc.array(line, { maxLength: 100 });

describe('toPaise and toRupees', () => {
  it('converts rupees to paise, rounding to the nearest paisa', () => {
    expect(toPaise(123.45)).toBe(12345);
    expect(toPaise(0.1 + 0.2)).toBe(30);
    expect(toPaise(19.999)).toBe(2000);
    expect(toPaise(0)).toBe(0);
  });

  it('refuses negative, non-finite and too large rupees with a RangeError', () => {
    for (const bad of [-0.01, Number.NaN, Number.POSITIVE_INFINITY, 1e300]) {
      expect(() => toPaise(bad)).toThrow(RangeError);
    }
  });

  it('converts paise to rupees with two decimals', () => {
    expect(toRupees(12345)).toBe(123.45);
    expect(toRupees(5)).toBe(0.05);
    expect(() => toRupees(1.5)).toThrow(RangeError);
  });

  it('round-trips any whole number of paise up to 10^10', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (paise) => {
        expect(toPaise(toRupees(paise))).toBe(paise);
      }),
    );
  });
});

describe('cartTotals', () => {
  it('sums offer prices times quantities and adds 2 % tax rounded down, shipping free', () => {
    expect(
      cartTotals([
        { unitPrice: 4999, quantity: 3 },
        { unitPrice: 2550, quantity: 1 },
      ]),
    ).toEqual({ subtotal: 17547, tax: 350, shipping: 0, total: 17897 });
  });

  it('answers zeros for an empty cart', () => {
    expect(cartTotals([])).toEqual({ subtotal: 0, tax: 0, shipping: 0, total: 0 });
  });

  it('refuses a fractional or negative unit price and a quantity outside 1..999', () => {
    for (const bad of [
      { unitPrice: 10.5, quantity: 1 },
      { unitPrice: -1, quantity: 1 },
      { unitPrice: 100, quantity: 0 },
      { unitPrice: 100, quantity: 1000 },
      { unitPrice: 100, quantity: 1.5 },
      { unitPrice: 100, quantity: 0, unit: 'kg' as const },
      { unitPrice: 100, quantity: 1_000_001, unit: 'kg' as const },
      { unitPrice: 100, quantity: 0.5, unit: 'L' as const },
    ]) {
      expect(() => cartTotals([bad])).toThrow(RangeError);
    }
  });

  it('prices a loose line by its grams at the price per kilo, a half paisa up', () => {
    // 750 g of dal at ₹140/kg, 333 g at ₹140.05/kg (₹46.63665), and 2 pieces at ₹25.
    const totals = cartTotals([
      { unitPrice: 14_000, quantity: 750, unit: 'kg' },
      { unitPrice: 14_005, quantity: 333, unit: 'kg' },
      { unitPrice: 2_500, quantity: 2 },
    ]);
    expect(totals.subtotal).toBe(10_500 + 4_664 + 5_000);
  });

  it("makes a bill of pieces and loose lines the sum of its lines' amounts, each rounded alone", () => {
    const anyLine = fc.oneof(
      line,
      fc.record({
        unitPrice: fc.integer({ min: 0, max: 10_000_000 }),
        quantity: fc.integer({ min: 1, max: MAX_LOOSE_QUANTITY }),
        unit: fc.constantFrom('kg' as const, 'L' as const),
      }),
    );
    fc.assert(
      fc.property(fc.array(anyLine, { maxLength: 50 }), (bill) => {
        const amounts = bill.map((each) =>
          lineAmount(each.unitPrice, each.quantity, 'unit' in each ? each.unit : 'piece'),
        );
        const totals = cartTotals(bill);
        expect(totals.subtotal).toBe(amounts.reduce((sum, amount) => sum + amount, 0));
        expect(totals.total).toBe(totals.subtotal + totals.tax + totals.shipping);
        for (const [index, each] of bill.entries()) {
          if (!('unit' in each)) continue;
          // Within half a paisa of the exact price of its grams.
          const exact = (each.unitPrice * each.quantity) / 1000;
          expect(Math.abs((amounts[index] ?? 0) - exact)).toBeLessThanOrEqual(0.5);
        }
      }),
    );
  });

  it('keeps tax at or under 2 % of the subtotal and within one paisa of it', () => {
    fc.assert(
      fc.property(lines, (cart) => {
        const { subtotal, tax } = cartTotals(cart);
        expect(tax * 100).toBeLessThanOrEqual(subtotal * 2);
        expect(subtotal * 2 - tax * 100).toBeLessThan(100);
      }),
    );
  });

  it('makes the total the subtotal plus tax, all in whole paise', () => {
    fc.assert(
      fc.property(lines, (cart) => {
        const totals = cartTotals(cart);
        expect(totals.total).toBe(totals.subtotal + totals.tax);
        expect(totals.shipping).toBe(0);
        for (const amount of Object.values(totals)) expect(Number.isInteger(amount)).toBe(true);
      }),
    );
  });

  it('adds the shop’s delivery fee, waived from its free-delivery subtotal, untaxed', () => {
    const cart = [{ unitPrice: 9900, quantity: 2 }]; // ₹198
    const charge = { fee: 2500, freeFrom: 19900 };
    expect(cartTotals(cart, charge)).toEqual({
      subtotal: 19800,
      tax: 396,
      shipping: 2500,
      total: 22696,
    });
    expect(cartTotals([{ unitPrice: 19900, quantity: 1 }], charge).shipping).toBe(0);
    // No threshold: the fee is always charged.
    expect(cartTotals(cart, { fee: 2500, freeFrom: 0 }).shipping).toBe(2500);
    fc.assert(
      fc.property(
        lines,
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (cart, fee, freeFrom) => {
          const totals = cartTotals(cart, { fee, freeFrom });
          expect(totals.total).toBe(totals.subtotal + totals.tax + totals.shipping);
          expect(totals.shipping).toBe(freeFrom > 0 && totals.subtotal >= freeFrom ? 0 : fee);
          expect(totals.tax).toBe(cartTotals(cart).tax);
        },
      ),
    );
  });

  it('does not depend on the order of the lines', () => {
    const cartAndShuffle = lines.chain((cart) =>
      fc.tuple(fc.constant(cart), fc.shuffledSubarray(cart, { minLength: cart.length })),
    );
    fc.assert(
      fc.property(cartAndShuffle, ([cart, shuffled]) => {
        expect(cartTotals(shuffled)).toEqual(cartTotals(cart));
      }),
    );
  });

  it('gives the same subtotal when a line is split into two lines of the same product', () => {
    fc.assert(
      fc.property(
        line.filter(({ quantity }) => quantity >= 2),
        fc.integer({ min: 1, max: MAX_LINE_QUANTITY - 1 }),
        ({ unitPrice, quantity }, cut) => {
          const first = Math.min(cut, quantity - 1);
          const split = [
            { unitPrice, quantity: first },
            { unitPrice, quantity: quantity - first },
          ];
          expect(cartTotals(split).subtotal).toBe(cartTotals([{ unitPrice, quantity }]).subtotal);
        },
      ),
    );
  });
});

describe('formatAmount', () => {
  it("writes 'Rs 120.50' in the shop and '₹120.50' on order screens", () => {
    expect(formatAmount(120.5, SHOP_CURRENCY)).toBe('Rs 120.50');
    expect(formatAmount(120.5, ORDER_CURRENCY)).toBe('₹120.50');
  });

  it('leads a negative amount with a minus sign, as a ledger correction shows', () => {
    expect(formatAmount(-1.25, ORDER_CURRENCY)).toBe('−₹1.25');
    expect(formatAmount(-0.5, SHOP_CURRENCY)).toBe('−Rs 0.50');
    expect(formatAmount(0, ORDER_CURRENCY)).toBe('₹0.00');
  });
});

describe('pricePerUnitText', () => {
  it("writes a price with what it is per: '₹140.00/kg', '₹60.00/L', '₹25.00/pc'", () => {
    expect(pricePerUnitText(14000, 'kg', ORDER_CURRENCY)).toBe('₹140.00/kg');
    expect(pricePerUnitText(6000, 'L', ORDER_CURRENCY)).toBe('₹60.00/L');
    expect(pricePerUnitText(2550, 'piece', ORDER_CURRENCY)).toBe('₹25.50/pc');
    expect(pricePerUnitText(4800, 'kg', SHOP_CURRENCY)).toBe('Rs 48.00/kg');
  });

  it('writes a receipt line of loose dal as the issue shows it', () => {
    const line = `${formatReceiptQuantity(750, 'kg')} × ${pricePerUnitText(14000, 'kg', ORDER_CURRENCY)}`;
    expect(line).toBe('0.750 kg × ₹140.00/kg');
    expect(formatAmount(toRupees(lineAmount(14000, 750, 'kg')), ORDER_CURRENCY)).toBe('₹105.00');
  });
});
