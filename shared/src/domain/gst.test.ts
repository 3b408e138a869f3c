import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountInWords,
  documentNumberText,
  financialYearOf,
  GST_RATES,
  gstinProblem,
  lineTax,
  taxByRate,
  taxTakenBack,
} from './gst.js';

describe('lineTax', () => {
  it('takes the tax out of a shelf price: ₹105 at 5 % is ₹100 taxable and ₹2.50 + ₹2.50', () => {
    expect(lineTax(10_500, 5)).toEqual({ taxable: 10_000, cgst: 250, sgst: 250 });
  });

  it('rounds the taxable value to the nearest paisa and gives the odd paisa to SGST', () => {
    // 100 / 1.18 = 84.745… → 84.75 taxable, 15.25 tax: 7.62 + 7.63.
    expect(lineTax(10_000, 18)).toEqual({ taxable: 8475, cgst: 762, sgst: 763 });
  });

  it('has no tax at 0 %', () => {
    expect(lineTax(4999, 0)).toEqual({ taxable: 4999, cgst: 0, sgst: 0 });
  });

  it('refuses a rate that is no slab', () => {
    expect(() => lineTax(100, 12)).toThrow(RangeError);
  });

  it('always splits an amount into taxable + CGST + SGST = amount, halves a paisa apart', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000_000 }),
        fc.constantFrom(...GST_RATES),
        (amount, rate) => {
          const { taxable, cgst, sgst } = lineTax(amount, rate);
          expect(taxable + cgst + sgst).toBe(amount);
          expect(sgst - cgst).toBeGreaterThanOrEqual(0);
          expect(sgst - cgst).toBeLessThanOrEqual(1);
          // The taxable value is the nearest paisa to amount × 100 / (100 + rate).
          expect(Math.abs(taxable - (amount * 100) / (100 + rate))).toBeLessThanOrEqual(0.5);
        },
      ),
    );
  });

  it('takes back, over a line’s returns in any parts, exactly the tax its invoice charged, no part negative', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 100_000 }), { minLength: 1, maxLength: 8 }),
        fc.constantFrom(...GST_RATES),
        (parts, rate) => {
          let before = 0;
          const taken = { taxable: 0, cgst: 0, sgst: 0 };
          for (const part of parts) {
            const back = taxTakenBack('regular', rate, before, before + part);
            expect(back).not.toBeNull();
            for (const head of ['taxable', 'cgst', 'sgst'] as const) {
              expect(back![head]).toBeGreaterThanOrEqual(0);
              taken[head] += back![head];
            }
            before += part;
          }
          expect(taken).toEqual(lineTax(before, rate));
        },
      ),
    );
    // Three ₹10 units at 5 %, one at a time: 2857 taxable, 71 + 72, as the invoice has it.
    const one = [0, 1000, 2000, 3000].map((amount) => lineTax(amount, 5));
    expect(taxTakenBack('regular', 5, 2000, 3000)).toEqual({
      taxable: one[3]!.taxable - one[2]!.taxable,
      cgst: one[3]!.cgst - one[2]!.cgst,
      sgst: one[3]!.sgst - one[2]!.sgst,
    });
    expect(taxTakenBack('spec', 5, 0, 1000)).toBeNull();
  });

  it('sums a bill by rate, each rate once, lowest first', () => {
    const lines = [
      { rate: 5, ...lineTax(10_500, 5) },
      { rate: 0, ...lineTax(4000, 0) },
      { rate: 5, ...lineTax(2100, 5) },
    ];
    expect(taxByRate(lines)).toEqual([
      { rate: 0, taxable: 4000, cgst: 0, sgst: 0 },
      { rate: 5, taxable: 12_000, cgst: 300, sgst: 300 },
    ]);
  });
});

describe('gstinProblem', () => {
  it('takes a GSTIN whose check character holds', () => {
    expect(gstinProblem('27AAPFU0939F1ZV')).toBeNull();
  });

  it('refuses a wrong check character, a wrong shape and no state', () => {
    expect(gstinProblem('27AAPFU0939F1ZW')).toMatch(/check character/);
    expect(gstinProblem('27AAPFU0939F1Z')).toMatch(/15 characters/);
    expect(gstinProblem('99AAPFU0939F1ZV')).toMatch(/no state/);
  });
});

describe('the financial year and the document number', () => {
  it('begins a year on 1 April at midnight on the shop clock', () => {
    // 31 March 23:59 IST is 18:29 UTC; 1 April 00:00 IST is 18:30 UTC.
    expect(financialYearOf(new Date('2027-03-31T18:29:59Z'), 'Asia/Kolkata')).toBe(2026);
    expect(financialYearOf(new Date('2027-03-31T18:30:00Z'), 'Asia/Kolkata')).toBe(2027);
  });

  it('prints an invoice PREFIX/26-27/123 and a credit note PREFIX/CN/26-27/5, within 16 characters', () => {
    expect(documentNumberText('KS', 'INV', 2026, 123)).toBe('KS/26-27/123');
    expect(documentNumberText('', 'INV', 2026, 7)).toBe('26-27/7');
    expect(documentNumberText('KS', 'CN', 2026, 5)).toBe('KS/CN/26-27/5');
    expect(documentNumberText('', 'CN', 2026, 5)).toBe('CN/26-27/5');
    expect(documentNumberText('ABCD', 'INV', 2099, 123_456)).toBe('ABCD/9900/123456');
    expect(documentNumberText('ABCD', 'INV', 2026, 99_999)).toHaveLength(16);
    expect(documentNumberText('ABCD', 'CN', 2026, 12)).toBe('ABCD/CN/26-27/12');
    expect(documentNumberText('ABCD', 'CN', 2026, 123)).toBe('ABCD/CN/2627/123');
    expect(documentNumberText('ABCD', 'CN', 2026, 1234)).toBe('ABCDCN/2627/1234');
    expect(documentNumberText('ABCD', 'CN', 2026, 12_345)).toBe('ABCDCN2627/12345');
  });
});

describe('amountInWords', () => {
  it('writes rupees in Indian numbering', () => {
    expect(amountInWords(12_000_000)).toBe('One Lakh Twenty Thousand Rupees Only');
    expect(amountInWords(5050)).toBe('Fifty Rupees and Fifty Paise Only');
    expect(amountInWords(123_456_789_00)).toBe(
      'Twelve Crore Thirty Four Lakh Fifty Six Thousand Seven Hundred Eighty Nine Rupees Only',
    );
    expect(amountInWords(0)).toBe('Zero Rupees Only');
    expect(amountInWords(101)).toBe('One Rupee and One Paisa Only');
  });
});
