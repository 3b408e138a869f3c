/**
 * Issuing the bill the law asks for (docs/gst.md#numbers): the one way a document — an invoice,
 * a bill of supply, a bill or a credit note — gets its number and is written, in the transaction
 * of the sale, return or cancellation it is for. Written with Kysely.
 */
import {
  dayIn,
  DELIVERY_GST_RATE,
  DELIVERY_SAC,
  documentNumberText,
  financialYearLabel,
  financialYearOf,
  gstinState,
  lineTax,
  rateHundredths,
  saleDocumentKind,
  TAX_PERCENT,
  type DocumentKind,
  type Invoice,
  type LineTax,
  type TaxMode,
  type Unit,
} from '@kirana/shared';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type Kysely } from 'kysely';
import { uuidv7 } from 'uuidv7';
import { AppError } from '../../lib/errors.js';
import type { ShopSettings } from '../shop/shop.entity.js';
import type { GstTables } from './gst.entity.js';

/** What of the shop's settings a document is issued under. */
export type IssuingShop = Pick<ShopSettings, 'tax' | 'gstin' | 'invoicePrefix' | 'timeZone'>;

/** A line as a document carries it; its tax null outside the `regular` mode (taxOfLine). */
export interface DocumentLineInput {
  /** Null for what is no product (the delivery charge, the spec's 2 %). */
  product: string | null;
  description: string;
  hsn: string | null;
  /** Percent: 5, 18, 0.25 …; null when the product has none. */
  gstRate: number | null;
  unit: Unit;
  quantity: number;
  unitPricePaise: number;
  amountPaise: number;
  tax: LineTax | null;
}

/** A line of what is no product: the money `amountPaise` once, with its `tax` (null: none). */
const chargeLine = (
  description: string,
  amountPaise: number,
  tax: { hsn: string; gstRate: number; tax: LineTax } | null = null,
): DocumentLineInput => ({
  product: null,
  description,
  hsn: tax?.hsn ?? null,
  gstRate: tax?.gstRate ?? null,
  unit: 'piece',
  quantity: 1,
  unitPricePaise: amountPaise,
  amountPaise,
  tax: tax?.tax ?? null,
});

/**
 * The spec's 2 % as a line of its own ("Tax (2%)"), so that a `spec` document's lines add up to
 * what was paid (docs/gst.md#delivery).
 */
export const specTaxLine = (taxPaise: number): DocumentLineInput =>
  chargeLine(`Tax (${TAX_PERCENT}%)`, taxPaise);

/**
 * A delivery fee as a document's line, "Delivery charges": in `regular` a service under
 * DELIVERY_SAC at DELIVERY_GST_RATE, its tax taken out of the fee (docs/gst.md#delivery).
 */
export const deliveryLine = (feePaise: number, mode: TaxMode): DocumentLineInput =>
  chargeLine(
    'Delivery charges',
    feePaise,
    mode === 'regular'
      ? { hsn: DELIVERY_SAC, gstRate: DELIVERY_GST_RATE, tax: lineTax(feePaise, DELIVERY_GST_RATE) }
      : null,
  );

/** A document to issue, at `at`, for an online order (`order`) or else a counter sale or return. */
export interface DocumentToIssue {
  series: string;
  /**
   * The number it was given already (an offline counter's sale, numbered on the counter in its
   * own series); none: the series' next.
   */
  number?: number;
  kind: DocumentKind;
  at: Date;
  order?: string;
  /** A credit note's invoice (its id). */
  refersTo?: string;
  lines: readonly DocumentLineInput[];
}

/** A document as issued: its id, and what every answer says of it. */
export interface IssuedDocument extends Invoice {
  id: string;
}

/**
 * The next number of `series` in financial year `year`, in the caller's transaction: the series'
 * row is updated (or made, at 1), so a rollback takes the number back and a second issuer waits
 * for the first to commit. No gap, never twice.
 */
async function nextNumber(db: Kysely<GstTables>, series: string, year: number): Promise<number> {
  const row = await db
    .insertInto('document_series')
    .values({ series, year, last_number: 1 })
    .onConflict((conflict) =>
      conflict
        .columns(['series', 'year'])
        .doUpdateSet({ last_number: sql<number>`document_series.last_number + 1` }),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return row.last_number;
}

/** A document that has number `number` of a series and year already, and whether it is cancelled. */
interface TakenNumber {
  printed: string;
  cancelled_reason: string | null;
}

/**
 * Holds number `number` of `series` in financial year `year`, given already (an offline
 * counter's bill), in the caller's transaction: the series' row keeps the greatest number given,
 * under the row's lock, so that of two issuers of one number the second sees the first's
 * document. Answers the document that has the number already, if one does.
 */
async function holdNumber(
  db: Kysely<GstTables>,
  series: string,
  year: number,
  number: number,
): Promise<TakenNumber | undefined> {
  await db
    .insertInto('document_series')
    .values({ series, year, last_number: number })
    .onConflict((conflict) =>
      conflict.columns(['series', 'year']).doUpdateSet({
        last_number: sql<number>`greatest(document_series.last_number, excluded.last_number)`,
      }),
    )
    .execute();
  return db
    .selectFrom('tax_documents')
    .select(['printed', 'cancelled_reason'])
    .where('series', '=', series)
    .where('year', '=', year)
    .where('number', '=', number)
    .executeTakeFirst();
}

/**
 * Number `number` of `series` in financial year `year`, given already, held for a document
 * (holdNumber).
 * @throws AppError CONFLICT when a document of the series and year has the number already, a
 * sale's or a cancelled one.
 */
async function givenNumber(
  db: Kysely<GstTables>,
  series: string,
  year: number,
  number: number,
): Promise<number> {
  const taken = await holdNumber(db, series, year, number);
  const bill = `${series} bill ${number} of ${financialYearLabel(year)}`;
  if (taken?.cancelled_reason != null)
    throw new AppError('CONFLICT', `${bill} is cancelled (${taken.cancelled_reason})`);
  if (taken)
    throw new AppError('CONFLICT', `${bill} is recorded already as another sale: ${taken.printed}`);
  return number;
}

/**
 * Issues `document` under `shop`'s settings in transaction `tx`: takes the next number of its
 * series in the financial year of `document.at` on the shop's clock (or the number it was given),
 * and writes the document (its sums the lines') and its lines. A credit note is issued in its
 * invoice's mode and under its GSTIN, whatever the shop's are now, so that it takes back what the
 * invoice counted. Call it last in the transaction, after every refusal, so that a number is
 * taken only by what is committed.
 * @throws AppError CONFLICT when the number given is another document's of the series and year.
 */
export async function issueDocument(
  tx: EntityManager,
  shop: IssuingShop,
  document: DocumentToIssue,
): Promise<IssuedDocument> {
  const db = tx.getKysely<GstTables>();
  const invoice =
    document.refersTo === undefined
      ? undefined
      : await db
          .selectFrom('tax_documents')
          .select(['mode', 'gstin', 'place_of_supply'])
          .where('id', '=', document.refersTo)
          .executeTakeFirstOrThrow();
  const year = financialYearOf(document.at, shop.timeZone);
  const number =
    document.number === undefined
      ? await nextNumber(db, document.series, year)
      : await givenNumber(db, document.series, year, document.number);
  const id = uuidv7();
  const lines = document.lines.map((line, position) => {
    const taxable = line.tax?.taxable ?? line.amountPaise;
    return {
      id: uuidv7(),
      document_id: id,
      position,
      product_id: line.product,
      description: line.description.slice(0, 200),
      hsn: line.hsn,
      gst_rate: line.gstRate === null ? null : rateHundredths(line.gstRate),
      unit: line.unit,
      quantity: line.quantity,
      unit_price_paise: line.unitPricePaise,
      amount_paise: line.amountPaise,
      taxable_paise: taxable,
      cgst_paise: line.tax?.cgst ?? 0,
      sgst_paise: line.tax?.sgst ?? 0,
    };
  });
  const sum = (field: 'taxable_paise' | 'cgst_paise' | 'sgst_paise' | 'amount_paise') =>
    lines.reduce((total, line) => total + line[field], 0);
  const mode = invoice?.mode ?? shop.tax;
  const registered = mode === 'regular' || mode === 'composition';
  const gstin = invoice?.gstin ?? (registered ? shop.gstin : '');
  const printed = documentNumberText(shop.invoicePrefix, document.series, year, number);
  const date = dayIn(document.at, shop.timeZone);
  const insertDocument = db.insertInto('tax_documents').values({
    id,
    series: document.series,
    year,
    number,
    printed,
    kind: document.kind,
    mode,
    issued_at: document.at,
    date,
    gstin,
    place_of_supply: invoice?.place_of_supply ?? (gstin ? gstinState(gstin) : ''),
    order_id: document.order ?? null,
    refers_to_id: document.refersTo ?? null,
    taxable_paise: sum('taxable_paise'),
    cgst_paise: sum('cgst_paise'),
    sgst_paise: sum('sgst_paise'),
    amount_paise: sum('amount_paise'),
    created_at: new Date(),
  });
  if (lines.length === 0) await insertDocument.execute();
  else
    await db
      .with('document', () => insertDocument)
      .insertInto('tax_document_lines')
      .values(lines)
      .execute();
  return { id, number: printed, series: document.series, date, kind: document.kind };
}

/** A number of a series to cancel: the bill made at `at` that will never be a sale, and why. */
export interface NumberToCancel {
  series: string;
  number: number;
  at: Date;
  reason: string;
}

/** A cancelled number: as printed, and why it is cancelled. */
export interface CancelledNumber {
  printed: string;
  reason: string;
}

/**
 * Cancels number `cancel.number` of `cancel.series` in the financial year of `cancel.at` on the
 * shop's clock, in transaction `tx` (docs/gst.md#cancelled-numbers): a bill numbered on a counter
 * that will never be a sale is written as a cancelled document — no lines, nothing in its sums,
 * the sale kind of the shop's mode now, dated when the bill was made — so that its series has no
 * gap. By the given-number path of issueDocument: the series' row keeps the greatest number. A
 * number cancelled already answers as it was cancelled (its first reason), so a resend changes
 * nothing.
 * @throws AppError CONFLICT when the number is a document that stands (a sale's).
 */
export async function cancelNumber(
  tx: EntityManager,
  shop: IssuingShop,
  cancel: NumberToCancel,
): Promise<CancelledNumber> {
  const db = tx.getKysely<GstTables>();
  const year = financialYearOf(cancel.at, shop.timeZone);
  const taken = await holdNumber(db, cancel.series, year, cancel.number);
  if (taken?.cancelled_reason != null)
    return { printed: taken.printed, reason: taken.cancelled_reason };
  if (taken)
    throw new AppError(
      'CONFLICT',
      `${taken.printed} is recorded as a sale: a number that is a sale's is not cancelled`,
    );
  const registered = shop.tax === 'regular' || shop.tax === 'composition';
  const gstin = registered ? shop.gstin : '';
  const printed = documentNumberText(shop.invoicePrefix, cancel.series, year, cancel.number);
  await db
    .insertInto('tax_documents')
    .values({
      id: uuidv7(),
      series: cancel.series,
      year,
      number: cancel.number,
      printed,
      kind: saleDocumentKind(shop.tax),
      mode: shop.tax,
      issued_at: cancel.at,
      date: dayIn(cancel.at, shop.timeZone),
      gstin,
      place_of_supply: gstin ? gstinState(gstin) : '',
      order_id: null,
      refers_to_id: null,
      taxable_paise: 0,
      cgst_paise: 0,
      sgst_paise: 0,
      amount_paise: 0,
      cancelled_reason: cancel.reason,
      created_at: new Date(),
    })
    .execute();
  return { printed, reason: cancel.reason };
}
