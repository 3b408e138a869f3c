/**
 * What the till reads (docs/counter.md#the-till): a product by the code scanned or typed, and its
 * sales with their lines, by id, by bill number or by day. Written with Kysely.
 */
import { financialYearOf, type CounterPayment, type Unit } from '@kirana/shared';
import type { StoredLineTax } from '../../lib/line-tax.js';
import type { EntityManager, Kysely } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { AppError } from '../../lib/errors.js';
import { timestampReader } from '../../lib/timestamps.js';
import { ProductSchema, type Product } from '../product/product.entity.js';
import { readCodes } from './counter-codes.js';
import type { TillDocument } from './counter-documents.js';
import type { CounterTables } from './counter.entity.js';

/** A sale as the till keeps it, in paise. */
export interface SaleRecord {
  id: string;
  number: number;
  payment: CounterPayment;
  subtotalPaise: number;
  taxPaise: number;
  amountPaise: number;
  tenderedPaise: number | null;
  changePaise: number | null;
  refundedPaise: number;
  /** Its invoice, bill of supply or bill; null for a sale from before documents. */
  invoice: TillDocument | null;
  /**
   * A khata sale's customer: their balance just after the sale's credit, and their limit now;
   * what went on the khata and what was paid now. Null (0) for a cash or UPI sale.
   */
  customer: { id: string; name: string; balancePaise: number; creditLimitPaise: number } | null;
  khataPaise: number;
  paid: { cashPaise: number; upiPaise: number } | null;
  createdAt: Date;
  lines: Array<
    {
      product: string;
      name: string;
      unit: Unit;
      quantity: number;
      unitPricePaise: number;
      returned: number;
      /** Units it took beyond the count (sold at 0, the customer holding the packet). */
      pastCount: number;
    } & Required<StoredLineTax>
  >;
}

/**
 * The live product whose barcode is `code`, or else whose SKU is (in any case), or else whose
 * scale code a weighing scale's label names, with the label's grams (counter-codes.ts).
 * @throws AppError NOT_FOUND when none is; SCALE_LABEL_INVALID for a label that does not read.
 */
export async function productByCode(
  em: EntityManager,
  code: string,
): Promise<{ product: Product; quantity?: number }> {
  const [reading] = await readCodes(em, [code]);
  if (!reading) throw new AppError('NOT_FOUND', `No product has the code ${code}`);
  return {
    product: await em.findOneOrFail(ProductSchema, reading.product),
    ...(reading.quantity !== undefined && { quantity: reading.quantity }),
  };
}

/**
 * Sale `saleId` with its lines.
 * @throws AppError NOT_FOUND when there is none.
 */
export async function saleById(em: EntityManager, saleId: string): Promise<SaleRecord> {
  const [sale] = await readSales(em, (query) => query.where('s.id', '=', saleId));
  if (!sale) throw new AppError('NOT_FOUND', 'Sale not found');
  return sale;
}

/**
 * The sale whose receipt prints bill number `number`, whatever its day, or null: its invoice's
 * number as printed (`KS/26-27/12`, or an offline counter's `KS/C1/26-27/5`), or only its last part, the invoice of the financial year it
 * is on the shop's clock in `timeZone` now (`12`); a sale from before numbered invoices by the
 * till's own number.
 */
export async function saleByNumber(
  em: EntityManager,
  number: string,
  timeZone: string,
): Promise<SaleRecord | null> {
  if (number.includes('/')) {
    // Any series' number as printed: an invoice's, or an offline counter's (KS/C1/26-27/5).
    const [sale] = await readSales(em, (query) => query.where('doc.printed', '=', number));
    return sale ?? null;
  }
  const [sale] = await readSales(em, (query) =>
    query.where((eb) =>
      eb.or([
        eb.and([
          eb('doc.series', '=', 'INV'),
          eb('doc.year', '=', financialYearOf(new Date(), timeZone)),
          eb('doc.number', '=', Number(number)),
        ]),
        eb.and([eb('s.tax_document_id', 'is', null), eb('s.number', '=', Number(number))]),
      ]),
    ),
  );
  return sale ?? null;
}

/** The sales `where` picks, newest first, with their lines (two queries). */
async function readSales(
  em: EntityManager,
  where: (query: ReturnType<typeof salesQuery>) => ReturnType<typeof salesQuery>,
): Promise<SaleRecord[]> {
  const db = em.getKysely<CounterTables>();
  const date = timestampReader(em);
  const sales = await where(salesQuery(db)).orderBy('s.number', 'desc').execute();
  if (sales.length === 0) return [];
  const lines = await db
    .selectFrom('counter_sale_lines')
    .select([
      'sale_id',
      'product_id',
      'name',
      'unit',
      'quantity',
      'unit_price_paise',
      'returned',
      'past_count',
      'hsn',
      'gst_rate',
      'taxable_paise',
      'cgst_paise',
      'sgst_paise',
    ])
    .where(
      'sale_id',
      'in',
      sales.map((sale) => sale.id),
    )
    .orderBy('sale_id')
    .orderBy('position')
    .execute();
  return sales.map((sale) => ({
    id: sale.id,
    number: sale.number,
    payment: sale.payment,
    subtotalPaise: sale.subtotal_paise,
    taxPaise: sale.tax_paise,
    amountPaise: sale.amount_paise,
    tenderedPaise: sale.tendered_paise,
    changePaise: sale.change_paise,
    refundedPaise: sale.refunded_paise,
    invoice:
      sale.document_id === null
        ? null
        : {
            id: sale.document_id,
            number: sale.document_printed ?? '',
            series: sale.document_series ?? '',
            date: sale.document_date ?? '',
            kind: sale.document_kind ?? 'bill',
            mode: sale.document_mode ?? 'spec',
            gstin: sale.document_gstin ?? '',
          },
    customer:
      sale.customer_id === null
        ? null
        : {
            id: sale.customer_id,
            name: sale.customer_name ?? '',
            balancePaise: Number(sale.customer_balance ?? 0),
            creditLimitPaise: Number(sale.customer_limit ?? 0),
          },
    khataPaise: sale.khata_paise ?? 0,
    paid:
      sale.payment === 'khata'
        ? { cashPaise: sale.paid_cash_paise ?? 0, upiPaise: sale.paid_upi_paise ?? 0 }
        : null,
    createdAt: date(sale.created_at),
    lines: lines
      .filter((line) => line.sale_id === sale.id)
      .map((line) => ({
        product: line.product_id,
        name: line.name,
        unit: line.unit,
        quantity: line.quantity,
        unitPricePaise: line.unit_price_paise,
        returned: line.returned,
        pastCount: line.past_count,
        hsn: line.hsn,
        gstRate: line.gst_rate,
        taxablePaise: line.taxable_paise,
        cgstPaise: line.cgst_paise,
        sgstPaise: line.sgst_paise,
      })),
  }));
}

const salesQuery = (db: Kysely<CounterTables>) =>
  db
    .selectFrom('counter_sales as s')
    .leftJoin('khata_customers as c', 'c.id', 's.customer_id')
    .leftJoin('tax_documents as doc', 'doc.id', 's.tax_document_id')
    // The sale's one credit (a unique index) says the balance it left.
    .leftJoin('khata_entries as e', (join) =>
      join.onRef('e.sale_id', '=', 's.id').on('e.kind', '=', 'credit'),
    )
    .select([
      's.customer_id',
      's.khata_paise',
      's.paid_cash_paise',
      's.paid_upi_paise',
      'c.name as customer_name',
      'c.credit_limit_paise as customer_limit',
      'e.balance_paise as customer_balance',
      's.id',
      's.number',
      's.payment',
      's.subtotal_paise',
      's.tax_paise',
      's.amount_paise',
      's.tendered_paise',
      's.change_paise',
      's.refunded_paise',
      's.created_at',
      'doc.id as document_id',
      'doc.printed as document_printed',
      'doc.series as document_series',
      sql<string | null>`doc.date::text`.as('document_date'),
      'doc.kind as document_kind',
      'doc.mode as document_mode',
      'doc.gstin as document_gstin',
    ]);

/**
 * The sales of the till's day `of.dayId`, or of its days that opened on the shop's day
 * `of.date`, newest first: `limit` of them below bill number `before`, and whether more follow.
 */
export async function salesOf(
  em: EntityManager,
  of: { dayId: string } | { date: string },
  before: number,
  limit: number,
): Promise<{ sales: SaleRecord[]; more: boolean }> {
  const sales = await readSales(em, (query) =>
    ('dayId' in of
      ? query.where('s.day_id', '=', of.dayId)
      : query.innerJoin('counter_days as d', 'd.id', 's.day_id').where('d.date', '=', of.date)
    )
      .where('s.number', '<', before)
      .limit(limit + 1),
  );
  return { sales: sales.slice(0, limit), more: sales.length > limit };
}

/**
 * A page of the live catalogue for the counter to keep (docs/counter.md#the-till-without-a-connection):
 * `limit` products not archived in the order of their ids, after id `after` (none: from the
 * first), one query on the primary key; `next` the last id when more follow, else null.
 */
export async function cataloguePage(
  em: EntityManager,
  after: string | undefined,
  limit: number,
): Promise<{ products: Product[]; next: string | null }> {
  const products = await em.find(
    ProductSchema,
    { archivedAt: null, ...(after !== undefined && { id: { $gt: after } }) },
    { orderBy: { id: 'asc' }, limit: limit + 1 },
  );
  const page = products.slice(0, limit);
  return { products: page, next: products.length > limit ? (page.at(-1)?.id ?? null) : null };
}
