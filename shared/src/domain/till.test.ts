import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cartTotals } from './money.js';
import { expectedCash, refundOf, upiPaymentUri, type TillLine } from './till.js';

describe('refundOf', () => {
  const lines: TillLine[] = [
    { unitPrice: 4999, quantity: 3, returned: 0 },
    { unitPrice: 1050, quantity: 1, returned: 0 },
  ];

  it('gives back the units with their tax', () => {
    // Two of ₹49.99: ₹99.98 and 2 % tax ₹1.99.
    expect(refundOf(lines, [2, 0])).toBe(9998 + 199);
  });

  it('gives back exactly what was paid once every unit is back, however the returns are split', () => {
    const paid = cartTotals(lines).total;
    const first = refundOf(lines, [1, 0]);
    const second = refundOf([{ ...lines[0]!, returned: 1 }, lines[1]!], [2, 1]);
    expect(first + second).toBe(paid);
  });

  it('gives back the units at their shelf price, no 2 % on top, for a sale billed in another mode', () => {
    for (const mode of ['unregistered', 'composition', 'regular'] as const)
      expect(refundOf(lines, [2, 1], mode)).toBe(9998 + 1050);
  });

  it('refuses more units back than were sold', () => {
    expect(() => refundOf([{ ...lines[0]!, returned: 2 }, lines[1]!], [2, 0])).toThrow(RangeError);
  });

  it('never gives back more than was paid, over any returns (property)', () => {
    const line = fc.record({
      unitPrice: fc.integer({ min: 1, max: 500_000 }),
      quantity: fc.integer({ min: 1, max: 20 }),
    });
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 6 }),
        fc.array(fc.array(fc.nat(20), { minLength: 6, maxLength: 6 }), { maxLength: 5 }),
        (sold, returns) => {
          let state: TillLine[] = sold.map((each) => ({ ...each, returned: 0 }));
          let refunded = 0;
          for (const asked of returns) {
            const returning = state.map((each, index) =>
              Math.min(asked[index] ?? 0, each.quantity - each.returned),
            );
            const refund = refundOf(state, returning);
            expect(refund).toBeGreaterThanOrEqual(0);
            refunded += refund;
            state = state.map((each, index) => ({
              ...each,
              returned: each.returned + (returning[index] ?? 0),
            }));
          }
          const paid = cartTotals(sold).total;
          expect(refunded).toBeLessThanOrEqual(paid);
          if (state.every((each) => each.returned === each.quantity)) expect(refunded).toBe(paid);
        },
      ),
    );
  });
});

describe('expectedCash', () => {
  const day = {
    openingFloat: 50_000,
    cashSales: 120_450,
    cashReturns: 2_040,
    handovers: 80_000,
    payouts: 10_000,
  };

  it('is the float, plus cash sales, less cash returns, plus the agents’ handovers, less pay-outs', () => {
    expect(expectedCash(day)).toBe(238_410);
  });

  it('adds the khata payments received in cash while the day was open', () => {
    expect(expectedCash({ ...day, khataCash: 25_000 })).toBe(263_410);
  });
});

describe('upiPaymentUri', () => {
  it('asks any UPI app for the exact amount to the shop, the bill as its note', () => {
    expect(
      upiPaymentUri({ upiId: 'kirana.store@okaxis', upiName: 'Kirana & Sons' }, 12345, 'Bill 17'),
    ).toBe('upi://pay?pa=kirana.store@okaxis&pn=Kirana%20%26%20Sons&am=123.45&tn=Bill%2017&cu=INR');
  });

  it('names the shop by its id when it has no name', () => {
    expect(upiPaymentUri({ upiId: 'shop@upi', upiName: '' }, 100, 'Bill 1')).toContain(
      'pn=shop%40upi',
    );
  });
});
