/**
 * The till's documents (docs/counter.md#the-bill-the-law-asks-for): the lines a sale's invoice,
 * bill of supply or bill and a return's credit note carry, and a document as the till reads it
 * back. Documents are numbered and written by gst/tax-documents.ts alone. Written with Kysely.
 */
import { type Invoice, type LineTax, type TaxMode, type Unit } from '@kirana/shared';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { specTaxLine, type DocumentLineInput } from '../gst/tax-documents.js';
import type { CounterTables } from './counter.entity.js';

/** A sale's or a return's document as the till reads it: the mode and GSTIN it was issued in too. */
export interface TillDocument extends Invoice {
  id: string;
  mode: TaxMode;
  gstin: string;
}

/** A line sold or taken back, as its document carries it. */
export interface DocumentedLine {
  product: string;
  name: string;
  unit: Unit;
  quantity: number;
  unitPricePaise: number;
  amountPaise: number;
  hsn: string | null;
  /** Percent, or null when the product had none. */
  gstRate: number | null;
  tax: LineTax | null;
}

/**
 * The lines of a document for `lines`, and in the spec's mode (`specTaxPaise`, the 2 % the bill
 * added) a line "Tax (2%)", so that the lines add up to the money the bill (or return) came to.
 */
export function documentLines(
  lines: readonly DocumentedLine[],
  specTaxPaise: number,
): DocumentLineInput[] {
  const sold: DocumentLineInput[] = lines.map((line) => ({
    product: line.product,
    description: line.name,
    hsn: line.hsn,
    gstRate: line.gstRate,
    unit: line.unit,
    quantity: line.quantity,
    unitPricePaise: line.unitPricePaise,
    amountPaise: line.amountPaise,
    tax: line.tax,
  }));
  return specTaxPaise === 0 ? sold : [...sold, specTaxLine(specTaxPaise)];
}

/** Document `id` as the till reads it, or null for none. */
export async function tillDocument(
  db: Kysely<CounterTables>,
  id: string | null,
): Promise<TillDocument | null> {
  if (id === null) return null;
  const row = await db
    .selectFrom('tax_documents')
    .select([
      'id',
      'printed',
      'series',
      sql<string>`date::text`.as('date'),
      'kind',
      'mode',
      'gstin',
    ])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    number: row.printed,
    series: row.series,
    date: row.date,
    kind: row.kind,
    mode: row.mode,
    gstin: row.gstin,
  };
}
