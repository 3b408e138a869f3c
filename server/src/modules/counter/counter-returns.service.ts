/**
 * A return at the till (docs/counter.md#returns): units of a sale back on the shelf and its money
 * given back, the way it was paid, in the open day of the till; a khata sale's (a split's too)
 * all back on the khata; an invoiced sale's return gets its credit note. Written with Kysely, one
 * statement for the return after its checks, then its credit note (gst/tax-documents.ts).
 */
import {
  formatQuantity,
  lineAmount,
  refundOf,
  taxTakenBack,
  percentOf,
  type CounterPayment,
  type CounterReturnBody,
  type Invoice,
} from '@kirana/shared';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { uuidv7 } from 'uuidv7';
import { retryDeadlocks } from '../../db/retry-deadlocks.js';
import type { DomainEvents } from '../../lib/domain-events.js';
import { AppError } from '../../lib/errors.js';
import {
  claimKey,
  keyedRequest,
  keysInRows,
  oncePerKey,
  type KeyedRequest,
} from '../../lib/idempotency.js';
import { timestampReader } from '../../lib/timestamps.js';
import { issueDocument } from '../gst/tax-documents.js';
import { lockCustomer, postEntry } from '../khata/khata-ledger.js';
import { countWithUnitsBack, inStockWithUnitsBack } from '../product/stock-units.js';
import { readShop } from '../shop/shop.service.js';
import type { CounterTables, ReturnedLine } from './counter.entity.js';
import {
  documentLines,
  tillDocument,
  type DocumentedLine,
  type TillDocument,
} from './counter-documents.js';
import { saleById, type SaleRecord } from './counter-reads.js';
import { holdOpenDay } from './till-day.service.js';

/**
 * Takes back `body.lines` of sale `saleId`: puts the units of counted products back on the
 * shelf (back in stock from 0) and gives back their money (refundOf: every unit back is exactly
 * the amount paid), the way the sale was paid, in the open day of the till; once per `key` (a
 * repeat answers the first return). A sale with an invoice (bill) gets a credit note of the
 * lines back naming it, their tax as the invoice's mode reckons it (docs/gst.md#credit-notes). A
 * khata sale's money goes back on its customer's khata as a `return` entry, all of it even for a
 * split (what was paid now in cash or UPI stays paid: the khata owes it back). Then publishes `product.changed` for each product counted back,
 * `till.changed`, and `khata.changed` for a khata sale.
 * @throws AppError NOT_FOUND for no such sale; INVALID for a product not on its bill;
 * TILL_NOT_OPEN when no day is open; IDEMPOTENCY_KEY_REUSED when the key was sent with another
 * return; CONFLICT when more units would come back than are left to return.
 */
export async function returnToCounter(
  em: EntityManager,
  events: DomainEvents,
  saleId: string,
  body: CounterReturnBody,
  key?: string,
): Promise<{ record: ReturnRecord; sale: SaleRecord }> {
  const request = keyedRequest(key, [
    saleId,
    body.lines.map((line) => [line.product, line.quantity]),
  ]);
  const keys = keysInRows('counter_returns');
  const returnId = await oncePerKey(em, keys, request, async () => {
    const done = await retryDeadlocks(() =>
      em.transactional(async (tx) => {
        // A retry of this key waits here for the first to commit, then answers its return.
        const claim = request && (await claimKey(tx, keys, request));
        return recordReturn(tx, saleId, body, claim);
      }),
    );
    for (const productId of done.shelved) events.publish({ type: 'product.changed', productId });
    events.publish({ type: 'till.changed' });
    if (done.customerId) events.publish({ type: 'khata.changed', customerId: done.customerId });
    return done.returnId;
  });
  return { record: await readReturn(em, returnId), sale: await saleById(em, saleId) };
}

/**
 * Writes the return of `body.lines` of sale `saleId` in the open day of the till, in transaction
 * `tx`, with the key claimed for it: answers its id, the products whose units went back, and a
 * khata sale's customer.
 * @throws AppError as returnToCounter does.
 */
async function recordReturn(
  tx: EntityManager,
  saleId: string,
  body: CounterReturnBody,
  claim: KeyedRequest | undefined,
): Promise<{ returnId: string; shelved: string[]; customerId: string | null }> {
  const db = tx.getKysely<CounterTables>();
  const dayId = await holdOpenDay(db);
  const sale = await db
    .selectFrom('counter_sales')
    .select(['id', 'number', 'payment', 'customer_id', 'tax_document_id'])
    .where('id', '=', saleId)
    .forUpdate()
    .executeTakeFirst();
  if (!sale) throw new AppError('NOT_FOUND', 'Sale not found');
  // The customer before the stock, as a sale locks them.
  const customer =
    sale.payment === 'khata' && sale.customer_id ? await lockCustomer(tx, sale.customer_id) : null;
  const lines = await db
    .selectFrom('counter_sale_lines')
    .select([
      'id',
      'product_id',
      'name',
      'unit',
      'quantity',
      'unit_price_paise',
      'returned',
      sql<string>`coalesce(stock_product_id, product_id)`.as('stock_product_id'),
      sql<number>`coalesce(stock_quantity, quantity)`.as('stock_quantity'),
      'stock_taken',
      'hsn',
      'gst_rate',
    ])
    .where('sale_id', '=', saleId)
    .orderBy('position')
    .execute();
  const asked = new Map<string, number>();
  for (const line of body.lines)
    asked.set(line.product, (asked.get(line.product) ?? 0) + line.quantity);
  for (const product of asked.keys())
    if (!lines.some((line) => line.product_id === product))
      throw new AppError('INVALID', `lines: product ${product} is not on bill ${sale.number}`);
  const returning = lines.map((line) => asked.get(line.product_id) ?? 0);
  lines.forEach((line, index) => {
    const left = line.quantity - line.returned;
    if ((returning[index] ?? 0) > left)
      throw new AppError(
        'CONFLICT',
        left === 0
          ? `${line.name} has come back already`
          : `Only ${formatQuantity(left, line.unit)} of ${line.name} can come back`,
      );
  });
  // The sale's invoice says the mode it was billed in; a sale from before invoices, the spec's.
  const invoice = await tillDocument(db, sale.tax_document_id);
  const mode = invoice?.mode ?? 'spec';
  const amount = refundOf(
    lines.map((line) => ({
      unitPrice: line.unit_price_paise,
      unit: line.unit,
      quantity: line.quantity,
      returned: line.returned,
    })),
    returning,
    mode,
  );
  const back = lines
    .map((line, index) => ({ line, quantity: returning[index] ?? 0 }))
    .filter(({ quantity }) => quantity > 0);
  // A line's part of the money before the spec's tax: what its units returned so far come to
  // after, less before (quantity.ts lineAmount), so that its returns add up to its amount; its
  // GST, in a registered shop's sale, taken back the same way at the line's rate as sold.
  const taken = back.map(({ line, quantity }) => {
    const before = lineAmount(line.unit_price_paise, line.returned, line.unit);
    const after = lineAmount(line.unit_price_paise, line.returned + quantity, line.unit);
    const amountPaise = after - before;
    const gstRate = percentOf(line.gst_rate);
    const tax = taxTakenBack(mode, gstRate, before, after);
    const documented: DocumentedLine = {
      product: line.product_id,
      name: line.name,
      unit: line.unit,
      quantity,
      unitPricePaise: line.unit_price_paise,
      amountPaise,
      hsn: line.hsn,
      gstRate,
      tax,
    };
    const kept: ReturnedLine = {
      product: line.product_id,
      name: line.name,
      unit: line.unit,
      quantity,
      amountPaise,
      hsn: line.hsn,
      gstRate: line.gst_rate,
      taxablePaise: tax?.taxable ?? null,
      cgstPaise: tax?.cgst ?? null,
      sgstPaise: tax?.sgst ?? null,
    };
    return { documented, kept };
  });
  const returned = taken.map(({ kept }) => kept);
  const now = new Date();
  const returnId = uuidv7();
  // The stock each product gets back: a pack drawing from a loose product gives back its grams
  // (the line's stock per unit sold), added up with the loose product's own line.
  const shelved = new Map<string, number>();
  for (const { line, quantity } of back)
    if (line.stock_taken)
      shelved.set(
        line.stock_product_id,
        (shelved.get(line.stock_product_id) ?? 0) +
          (quantity * line.stock_quantity) / line.quantity,
      );
  const lineRows = sql<{ line_id: string; quantity: number }>`(values ${sql.join(
    back.map(({ line, quantity }) => sql`(${line.id}::uuid, ${quantity}::int)`),
  )})`.as<'r'>(sql`r(line_id, quantity)`);
  const stockRows = sql<{ product_id: string; quantity: number }>`(values ${sql.join(
    [...shelved].map(([product, quantity]) => sql`(${product}::uuid, ${quantity}::int)`),
  )})`.as<'r'>(sql`r(product_id, quantity)`);
  await db
    .with('returned_lines', (db) =>
      db
        .updateTable('counter_sale_lines as l')
        .from(lineRows)
        .set({ returned: sql<number>`l.returned + r.quantity` })
        .whereRef('l.id', '=', 'r.line_id'),
    )
    .with('refunded_sale', (db) =>
      db
        .updateTable('counter_sales')
        .set({ refunded_paise: sql<number>`refunded_paise + ${amount}` })
        .where('id', '=', saleId),
    )
    .insertInto('counter_returns')
    .values({
      id: returnId,
      sale_id: saleId,
      day_id: dayId,
      payment: sale.payment,
      amount_paise: amount,
      // As JSON: pg would write a JS array as a PostgreSQL array.
      lines: sql<ReturnedLine[]>`${JSON.stringify(returned)}::jsonb`,
      idempotency_key: claim?.key ?? null,
      fingerprint: claim?.fingerprint ?? null,
      created_at: now,
    })
    .execute();
  if (shelved.size > 0)
    await db
      .updateTable('products as p')
      .from(stockRows)
      .set({
        stock_count: countWithUnitsBack,
        in_stock: inStockWithUnitsBack,
        updated_at: now,
      })
      .whereRef('p.id', '=', 'r.product_id')
      .where('p.stock_count', 'is not', null)
      .execute();
  if (customer && amount > 0)
    await postEntry(tx, customer, {
      kind: 'return',
      amountPaise: -amount,
      sale: { id: saleId, number: sale.number },
      at: now,
    });
  if (invoice)
    await issueCreditNote(
      tx,
      invoice,
      taken.map(({ documented }) => documented),
      amount,
      now,
      returnId,
    );
  return { returnId, shelved: [...shelved.keys()], customerId: customer?.id ?? null };
}

/**
 * Issues return `returnId`'s credit note of `lines` (`amountPaise` in all) against `invoice`,
 * last in transaction `tx`: in the invoice's mode and under its GSTIN, so that it takes away what
 * the invoice counted, with the shop's prefix and clock now.
 */
async function issueCreditNote(
  tx: EntityManager,
  invoice: TillDocument,
  lines: readonly DocumentedLine[],
  amountPaise: number,
  at: Date,
  returnId: string,
): Promise<void> {
  const specTax = amountPaise - lines.reduce((sum, line) => sum + line.amountPaise, 0);
  // In the invoice's mode and under its GSTIN (issueDocument reads them).
  const note = await issueDocument(tx, await readShop(tx), {
    series: 'CN',
    kind: 'credit-note',
    at,
    refersTo: invoice.id,
    lines: documentLines(lines, specTax),
  });
  await tx
    .getKysely<CounterTables>()
    .updateTable('counter_returns')
    .set({ tax_document_id: note.id })
    .where('id', '=', returnId)
    .execute();
}

/** Return `returnId` as the till keeps it, with its credit note naming the sale's invoice. */
async function readReturn(em: EntityManager, returnId: string): Promise<ReturnRecord> {
  const row = await em
    .getKysely<CounterTables>()
    .selectFrom('counter_returns as r')
    .leftJoin('tax_documents as d', 'd.id', 'r.tax_document_id')
    .leftJoin('tax_documents as i', 'i.id', 'd.refers_to_id')
    .select([
      'r.id',
      'r.sale_id',
      'r.payment',
      'r.amount_paise',
      'r.lines',
      'r.created_at',
      'd.printed',
      'd.series',
      sql<string | null>`d.date::text`.as('date'),
      'd.kind',
      'i.printed as refers_to',
    ])
    .where('r.id', '=', returnId)
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    saleId: row.sale_id,
    payment: row.payment,
    amountPaise: row.amount_paise,
    lines: row.lines,
    creditNote:
      row.printed === null
        ? null
        : {
            number: row.printed,
            series: row.series ?? 'CN',
            date: row.date ?? '',
            kind: row.kind ?? 'credit-note',
            ...(row.refers_to !== null && { refersTo: row.refers_to }),
          },
    createdAt: timestampReader(em)(row.created_at),
  };
}

/** A return as the till keeps it, in paise. */
export interface ReturnRecord {
  id: string;
  saleId: string;
  payment: CounterPayment;
  amountPaise: number;
  lines: ReturnedLine[];
  /** Its credit note, naming the sale's invoice; null for a sale from before invoices. */
  creditNote: Invoice | null;
  createdAt: Date;
}
