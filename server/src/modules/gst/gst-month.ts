/**
 * The seller's GST screen (docs/gst.md#gstr-1): a month's sales by rate and the documents issued,
 * in any mode, and the sales register, a row per document. Reads only the documents.
 */
import {
  percentOf,
  toRupees,
  type DocumentKind,
  type GstSummaryAnswer,
  type RateSum,
} from '@kirana/shared';
import type { EntityManager } from '@mikro-orm/postgresql';
import { spreadsheetCsv } from '../../lib/csv.js';
import { readShop } from '../shop/shop.service.js';
import {
  documentsIssued,
  monthDocuments,
  sumsByPlaceAndRate,
  type TaxSums,
} from './gst-month-queries.js';

const rupees = (sums: TaxSums): Omit<RateSum, 'rate'> => ({
  taxable: toRupees(sums.taxablePaise),
  cgst: toRupees(sums.cgstPaise),
  sgst: toRupees(sums.sgstPaise),
  amount: toRupees(sums.amountPaise),
});

const NO_SUMS: TaxSums = { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, amountPaise: 0 };
const add = (a: TaxSums, b: TaxSums): TaxSums => ({
  taxablePaise: a.taxablePaise + b.taxablePaise,
  cgstPaise: a.cgstPaise + b.cgstPaise,
  sgstPaise: a.sgstPaise + b.sgstPaise,
  amountPaise: a.amountPaise + b.amountPaise,
});

/**
 * The month `YYYY-MM` on the GST screen: its documents' sums by rate (percent; null for what was
 * sold without one), credit notes taken away, their total, and each series' documents issued.
 * Every mode's documents count.
 */
export async function readGstSummary(em: EntityManager, month: string): Promise<GstSummaryAnswer> {
  const shop = await readShop(em);
  const filter = { month, regularOnly: false };
  const [byPlace, documents] = await Promise.all([
    sumsByPlaceAndRate(em, filter),
    documentsIssued(em, filter),
  ]);
  const byRate = new Map<number | null, TaxSums>();
  for (const row of byPlace) byRate.set(row.rate, add(byRate.get(row.rate) ?? NO_SUMS, row));
  const rates = [...byRate.keys()].sort((a, b) => (a ?? Infinity) - (b ?? Infinity));
  return {
    success: true,
    month,
    tax: shop.tax,
    gstin: shop.gstin,
    byRate: rates.map((rate) => ({
      rate: percentOf(rate),
      ...rupees(byRate.get(rate) ?? NO_SUMS),
    })),
    total: rupees([...byRate.values()].reduce(add, NO_SUMS)),
    // A series' count is of its numbers issued, the cancelled ones too, as GSTR-1's totnum.
    documents: documents.map(({ cancelled: _cancelled, ...series }) => series),
  };
}

const KIND_WORDS: Record<DocumentKind, string> = {
  'tax-invoice': 'Tax invoice',
  'bill-of-supply': 'Bill of supply',
  bill: 'Bill',
  'credit-note': 'Credit note',
};

const REGISTER_COLUMNS = [
  { key: 'date', header: 'Date' },
  { key: 'series', header: 'Series' },
  { key: 'number', header: 'Number' },
  { key: 'kind', header: 'Kind' },
  { key: 'refersTo', header: 'Refers to' },
  { key: 'taxable', header: 'Taxable value (₹)' },
  { key: 'cgst', header: 'CGST (₹)' },
  { key: 'sgst', header: 'SGST (₹)' },
  { key: 'total', header: 'Total (₹)' },
];

/**
 * The sales register of month `YYYY-MM` as CSV: a row per document, each series in number order,
 * a credit note's amounts negative so that a column's sum is the month's net, a cancelled
 * number's kind "Cancelled: <reason>" and its amounts 0.
 */
export async function salesRegisterCsv(em: EntityManager, month: string): Promise<string> {
  const documents = await monthDocuments(em, month);
  const rows = documents.map((document) => {
    const sign = document.kind === 'credit-note' ? -1 : 1;
    const money = (paise: number) => toRupees(sign * paise);
    return {
      date: document.date,
      series: document.series,
      number: document.number,
      kind:
        document.cancelledReason === null
          ? KIND_WORDS[document.kind]
          : `Cancelled: ${document.cancelledReason}`,
      refersTo: document.refersTo ?? '',
      taxable: money(document.taxablePaise),
      cgst: money(document.cgstPaise),
      sgst: money(document.sgstPaise),
      total: money(document.amountPaise),
    };
  });
  // Amounts are numbers (a negative one is no formula), with two decimals.
  return spreadsheetCsv(rows, REGISTER_COLUMNS, (value) => value.toFixed(2));
}
