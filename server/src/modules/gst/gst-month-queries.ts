/**
 * A month's documents as the GST return and the GST screen read them (docs/gst.md#gstr-1): the
 * sums of `tax_documents` and `tax_document_lines` in Kysely, in paise, a credit note's taken
 * away. Every figure comes from the documents as issued, nothing else.
 */
import type { DocumentKind } from '@kirana/shared';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type Kysely } from 'kysely';
import type { GstTables } from './gst.entity.js';

/** The days of month `YYYY-MM` on the shop's clock: from its first (inclusive) to the next month's first. */
export function monthDays(month: string): { first: string; next: string } {
  const year = Number(month.slice(0, 4));
  const index = Number(month.slice(5, 7));
  const next = index === 12 ? `${year + 1}-01` : `${year}-${String(index + 1).padStart(2, '0')}`;
  return { first: `${month}-01`, next: `${next}-01` };
}

/** Which documents count: those dated in the month and, for the return, issued in one mode. */
export interface MonthFilter {
  month: string;
  /** Only documents issued in the `regular` mode (GSTR-1); else every one. */
  regularOnly: boolean;
}

/** A line's figure with its sign: a credit note's lines take away. */
const signed = (column: string) =>
  sql<string>`coalesce(sum(case when d.kind = 'credit-note' then -${sql.ref(column)} else ${sql.ref(column)} end), 0)`;

/** The GSTIN the month's `regular` documents were issued under (the latest), or null for none. */
export async function registeredGstin(em: EntityManager, month: string): Promise<string | null> {
  const { first, next } = monthDays(month);
  const row = await em
    .getKysely<GstTables>()
    .selectFrom('tax_documents')
    .select('gstin')
    .where('mode', '=', 'regular')
    .where('date', '>=', first)
    .where('date', '<', next)
    .orderBy('issued_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.gstin ?? null;
}

/** The month's lines joined to their documents. */
function monthLines(db: Kysely<GstTables>, { month, regularOnly }: MonthFilter) {
  const { first, next } = monthDays(month);
  return db
    .selectFrom('tax_document_lines as l')
    .innerJoin('tax_documents as d', 'd.id', 'l.document_id')
    .where('d.date', '>=', first)
    .where('d.date', '<', next)
    .$if(regularOnly, (query) => query.where('d.mode', '=', 'regular'));
}

/** Sums in paise, credit notes taken away. */
export interface TaxSums {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  amountPaise: number;
}

const sums = (row: { taxable: string; cgst: string; sgst: string; amount: string }): TaxSums => ({
  taxablePaise: Number(row.taxable),
  cgstPaise: Number(row.cgst),
  sgstPaise: Number(row.sgst),
  amountPaise: Number(row.amount),
});

const SUMS = [
  signed('l.taxable_paise').as('taxable'),
  signed('l.cgst_paise').as('cgst'),
  signed('l.sgst_paise').as('sgst'),
  signed('l.amount_paise').as('amount'),
];

/** The month's sums by place of supply and rate (hundredths; null for lines without one). */
export async function sumsByPlaceAndRate(
  em: EntityManager,
  filter: MonthFilter,
): Promise<(TaxSums & { placeOfSupply: string; rate: number | null })[]> {
  const rows = await monthLines(em.getKysely<GstTables>(), filter)
    .select(['d.place_of_supply', 'l.gst_rate', ...SUMS])
    .groupBy(['d.place_of_supply', 'l.gst_rate'])
    .orderBy('d.place_of_supply')
    .orderBy(sql`l.gst_rate asc nulls last`)
    .execute();
  return rows.map((row) => ({
    placeOfSupply: row.place_of_supply,
    rate: row.gst_rate,
    ...sums(row),
  }));
}

/** The month's sums by HSN (or SAC), rate and unit, with the net quantity (pieces, grams, ml). */
export async function sumsByHsn(
  em: EntityManager,
  filter: MonthFilter,
): Promise<
  (TaxSums & {
    hsn: string | null;
    rate: number | null;
    unit: GstTables['tax_document_lines']['unit'];
    quantity: number;
    description: string;
  })[]
> {
  const rows = await monthLines(em.getKysely<GstTables>(), filter)
    .select([
      'l.hsn',
      'l.gst_rate',
      'l.unit',
      signed('l.quantity').as('quantity'),
      // One line's words stand for the code: the portal fills in the HSN master's own.
      sql<string>`min(l.description)`.as('description'),
      ...SUMS,
    ])
    .groupBy(['l.hsn', 'l.gst_rate', 'l.unit'])
    .orderBy(sql`l.hsn asc nulls last`)
    .orderBy(sql`l.gst_rate asc nulls last`)
    .orderBy('l.unit')
    .execute();
  return rows.map((row) => ({
    hsn: row.hsn,
    rate: row.gst_rate,
    unit: row.unit,
    quantity: Number(row.quantity),
    description: row.description,
    ...sums(row),
  }));
}

/**
 * A series' documents of one kind in the month: the first and last number as printed, how many,
 * and how many of them are cancelled numbers (docs/gst.md#cancelled-numbers).
 */
export interface SeriesIssued {
  series: string;
  kind: DocumentKind;
  from: string;
  to: string;
  count: number;
  cancelled: number;
}

/** The month's documents by series and kind, in series order. */
export async function documentsIssued(
  em: EntityManager,
  { month, regularOnly }: MonthFilter,
): Promise<SeriesIssued[]> {
  const { first, next } = monthDays(month);
  const rows = await em
    .getKysely<GstTables>()
    .selectFrom('tax_documents as d')
    .select([
      'd.series',
      'd.kind',
      sql<string>`(array_agg(d.printed order by d.year, d.number))[1]`.as('from'),
      sql<string>`(array_agg(d.printed order by d.year desc, d.number desc))[1]`.as('to'),
      sql<string>`count(*)`.as('count'),
      sql<string>`count(d.cancelled_reason)`.as('cancelled'),
    ])
    .where('d.date', '>=', first)
    .where('d.date', '<', next)
    .$if(regularOnly, (query) => query.where('d.mode', '=', 'regular'))
    .groupBy(['d.series', 'd.kind'])
    .orderBy('d.series')
    .orderBy(sql`min(d.year)`)
    .orderBy(sql`min(d.number)`)
    .execute();
  return rows.map((row) => ({
    ...row,
    count: Number(row.count),
    cancelled: Number(row.cancelled),
  }));
}

/** A document of the sales register: its sums as issued (positive, a credit note's too). */
export interface RegisterDocument extends TaxSums {
  date: string;
  series: string;
  number: string;
  kind: DocumentKind;
  refersTo: string | null;
  /** Why its number is cancelled; null for a document that stands. */
  cancelledReason: string | null;
}

/** Every document of the month, each series in number order. */
export async function monthDocuments(
  em: EntityManager,
  month: string,
): Promise<RegisterDocument[]> {
  const { first, next } = monthDays(month);
  const rows = await em
    .getKysely<GstTables>()
    .selectFrom('tax_documents as d')
    .leftJoin('tax_documents as invoice', 'invoice.id', 'd.refers_to_id')
    .select([
      sql<string>`to_char(d.date, 'YYYY-MM-DD')`.as('date'),
      'd.series',
      'd.printed',
      'd.kind',
      'invoice.printed as refers_to',
      'd.taxable_paise',
      'd.cgst_paise',
      'd.sgst_paise',
      'd.amount_paise',
      'd.cancelled_reason',
    ])
    .where('d.date', '>=', first)
    .where('d.date', '<', next)
    .orderBy('d.series')
    .orderBy('d.year')
    .orderBy('d.number')
    .execute();
  return rows.map((row) => ({
    date: row.date,
    series: row.series,
    number: row.printed,
    kind: row.kind,
    refersTo: row.refers_to,
    cancelledReason: row.cancelled_reason,
    taxablePaise: Number(row.taxable_paise),
    cgstPaise: Number(row.cgst_paise),
    sgstPaise: Number(row.sgst_paise),
    amountPaise: Number(row.amount_paise),
  }));
}
