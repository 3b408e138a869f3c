import { GST_RATES, lineAmount, lineTax, TAX_MODES, type TaxMode, type Unit } from '@kirana/shared';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { useTestAppOfItsOwn } from '../../test/fixtures.js';
import {
  indiaTime,
  issueCreditNote,
  issueSale,
  setShopMode,
  type SoldLine,
} from '../../test/gst-factory.js';
import { readGstSummary } from './gst-month.js';
import { readGstr1 } from './gstr1.js';
import type { IssuedDocument } from './tax-documents.js';

const HSNS = ['1006', '0401', '04012000', '19053100', '996813'] as const;

const soldLine: fc.Arbitrary<SoldLine> = fc
  .record({
    hsn: fc.constantFrom(...HSNS),
    gstRate: fc.constantFrom(...GST_RATES),
    unit: fc.constantFrom<Unit>('piece', 'kg', 'L'),
    pieces: fc.integer({ min: 1, max: 30 }),
    grams: fc.integer({ min: 1, max: 20_000 }),
    pricePaise: fc.integer({ min: 1, max: 200_000 }),
  })
  .map(({ unit, pieces, grams, ...line }) => ({
    ...line,
    description: `Line ${line.hsn}`,
    unit,
    quantity: unit === 'piece' ? pieces : grams,
  }));

/** A sale, and maybe a return of its first lines in the same month. */
const sale = fc.record({
  mode: fc.constantFrom<TaxMode>(...TAX_MODES, 'regular', 'regular'),
  day: fc.integer({ min: 1, max: 28 }),
  minute: fc.integer({ min: 0, max: 24 * 60 - 1 }),
  lines: fc.array(soldLine, { minLength: 1, maxLength: 5 }),
  returned: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
});

/** A document's figures as the test adds them itself, from its own lines, in paise. */
interface Expected {
  b2csTaxable: number;
  cgst: number;
  sgst: number;
  nil: number;
  hsnTaxable: number;
  quantity: { NOS: number; KGS: number; LTR: number };
  amount: number;
}

const UQC = { piece: 'NOS', kg: 'KGS', L: 'LTR' } as const;
const paise = (rupees: number) => Math.round(rupees * 100);
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe('the month’s GSTR-1', () => {
  // A database of its own: its months hold only what these tests issue.
  const app = useTestAppOfItsOwn();
  let monthIndex = 0;

  test('for any sales and returns in a month, in any modes, its sums are its regular documents’ own sums', async () => {
    await setShopMode(app.orm, 'regular');
    await fc.assert(
      fc.asyncProperty(fc.array(sale, { minLength: 1, maxLength: 6 }), async (sales) => {
        // Each run a month of its own, from January 2031 on.
        const year = 2031 + Math.floor(monthIndex / 12);
        const month = `${year}-${String((monthIndex % 12) + 1).padStart(2, '0')}`;
        monthIndex += 1;
        const expected: Expected = {
          b2csTaxable: 0,
          cgst: 0,
          sgst: 0,
          nil: 0,
          hsnTaxable: 0,
          quantity: { NOS: 0, KGS: 0, LTR: 0 },
          amount: 0,
        };
        let allAmount = 0;
        const invoices: IssuedDocument[] = [];
        const creditNotes: IssuedDocument[] = [];
        const add = (mode: TaxMode, lines: readonly SoldLine[], sign: 1 | -1) => {
          for (const line of lines) {
            const amount = lineAmount(line.pricePaise, line.quantity, line.unit);
            allAmount += sign * amount;
            if (mode !== 'regular') continue;
            const tax = lineTax(amount, line.gstRate!);
            if (line.gstRate === 0) expected.nil += sign * tax.taxable;
            else expected.b2csTaxable += sign * tax.taxable;
            expected.cgst += sign * tax.cgst;
            expected.sgst += sign * tax.sgst;
            expected.hsnTaxable += sign * tax.taxable;
            expected.quantity[UQC[line.unit]] += sign * line.quantity;
            expected.amount += sign * amount;
          }
        };
        for (const { mode, day, minute, lines, returned } of sales) {
          const hhmm = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
          const at = indiaTime(`${month}-${String(day).padStart(2, '0')}`, hhmm);
          const invoice = await issueSale(app.orm, mode, at, lines);
          add(mode, lines, 1);
          if (mode === 'regular') invoices.push(invoice);
          if (returned !== null) {
            const back = lines.slice(0, returned);
            const note = await issueCreditNote(app.orm, mode, at, invoice, back);
            add(mode, back, -1);
            if (mode === 'regular') creditNotes.push(note);
          }
        }

        const gstr1 = await readGstr1(app.orm.em.fork(), month);
        expect(gstr1.fp).toBe(`${month.slice(5)}${month.slice(0, 4)}`);
        expect(sum(gstr1.b2cs.map((row) => paise(row.txval)))).toBe(expected.b2csTaxable);
        expect(gstr1.b2cs.every((row) => row.rt > 0 && row.pos === '27')).toBe(true);
        expect(paise(gstr1.nil?.inv[0].nil_amt ?? 0)).toBe(expected.nil);
        expect(sum(gstr1.b2cs.map((row) => paise(row.camt)))).toBe(expected.cgst);
        expect(sum(gstr1.b2cs.map((row) => paise(row.samt)))).toBe(expected.sgst);
        const hsn = gstr1.hsn.hsn_b2c;
        expect(sum(hsn.map((row) => paise(row.txval)))).toBe(expected.hsnTaxable);
        expect(sum(hsn.map((row) => paise(row.camt)))).toBe(expected.cgst);
        expect(sum(hsn.map((row) => paise(row.samt)))).toBe(expected.sgst);
        expect(hsn.map((row) => row.num)).toEqual(hsn.map((_, index) => index + 1));
        for (const uqc of ['NOS', 'KGS', 'LTR'] as const) {
          const quantity = sum(
            hsn
              .filter((row) => row.uqc === uqc)
              .map((row) => Math.round(row.qty * (uqc === 'NOS' ? 1 : 1000))),
          );
          expect(quantity, uqc).toBe(expected.quantity[uqc]);
        }

        const numberOf = (document: IssuedDocument) => Number(document.number.split('/').at(-1));
        const range = (documents: IssuedDocument[]) => {
          const sorted = documents.toSorted((a, b) => numberOf(a) - numberOf(b));
          return [
            {
              num: 1,
              from: sorted[0]!.number,
              to: sorted.at(-1)!.number,
              totnum: documents.length,
              cancel: 0,
              net_issue: documents.length,
            },
          ];
        };
        expect(gstr1.doc_issue.doc_det).toEqual([
          ...(invoices.length > 0
            ? [{ doc_num: 1, doc_typ: 'Invoices for outward supply', docs: range(invoices) }]
            : []),
          ...(creditNotes.length > 0
            ? [{ doc_num: 5, doc_typ: 'Credit Note', docs: range(creditNotes) }]
            : []),
        ]);

        // The GST screen's month counts every mode's documents.
        const summary = await readGstSummary(app.orm.em.fork(), month);
        expect(paise(summary.total.amount)).toBe(allAmount);
        expect(sum(summary.byRate.map((rate) => paise(rate.amount)))).toBe(allAmount);
        expect(sum(summary.documents.map((series) => series.count))).toBe(
          sales.length + sales.filter((each) => each.returned !== null).length,
        );
      }),
      { numRuns: 30 },
    );
  });
});
