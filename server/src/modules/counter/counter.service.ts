/**
 * The till (docs/counter.md#the-till): walk-in sales that take units from the same stock as online
 * orders, returns that put them back, and days of the till from the opening float to the cash
 * counted. Written with Kysely, one statement for each sale or return after its checks.
 */
import {
  cartTotals,
  dayIn,
  expectedCash,
  MAX_LINE_QUANTITY,
  MAX_TILL_AMOUNT,
  paiseOf,
  refundOf,
  SHOP_CURRENCY,
  formatAmount,
  toRupees,
  type CounterReturnBody,
  type CounterSaleBody,
} from '@kirana/shared';
import {
  UniqueConstraintViolationException,
  type EntityManager,
  type InferKyselyDB,
  type Kysely,
} from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { uuidv7 } from 'uuidv7';
import { retryDeadlocks } from '../../db/retry-deadlocks.js';
import type { DomainEvents } from '../../lib/domain-events.js';
import { AppError } from '../../lib/errors.js';
import { claimKey, keyedRequest, oncePerKey, type KeyedRequest } from '../../lib/idempotency.js';
import { timestampReader } from '../../lib/timestamps.js';
import { holdTillCash } from '../../lib/till-lock.js';
import { tillCashPaise } from '../cash/cash.service.js';
import { ProductSchema, type Product } from '../product/product.entity.js';
import { countWithUnitsBack, inStockWithUnitsBack } from '../product/stock-units.js';
import { takeForSale } from '../product/take-for-sale.js';
import { readShop } from '../shop/shop.service.js';
import {
  CounterDaySchema,
  type CounterReturnSchema,
  type CounterSaleLineSchema,
  type CounterSaleSchema,
  type ReturnedLine,
} from './counter.entity.js';
import { tillKeys } from './till-keys.js';

type CounterTables = InferKyselyDB<
  | typeof CounterDaySchema
  | typeof CounterSaleSchema
  | typeof CounterSaleLineSchema
  | typeof CounterReturnSchema
  | typeof ProductSchema
>;
type Db = Kysely<CounterTables>;

/** One bill takes at most what the till's cash fields do (a float, a count, cash tendered). */
const MAX_BILL_PAISE = paiseOf(MAX_TILL_AMOUNT);

export const DAY_NOT_OPEN = 'The till is not open: open the day with the cash in the drawer first';
export const DAY_ALREADY_OPEN = 'The till is open already: close the day before opening another';

const rs = (paise: number) => formatAmount(toRupees(paise), SHOP_CURRENCY);

/** A sale as the till keeps it, in paise. */
export interface SaleRecord {
  id: string;
  number: number;
  payment: 'cash' | 'upi';
  subtotalPaise: number;
  taxPaise: number;
  amountPaise: number;
  tenderedPaise: number | null;
  changePaise: number | null;
  refundedPaise: number;
  createdAt: Date;
  lines: Array<{
    product: string;
    name: string;
    quantity: number;
    unitPricePaise: number;
    returned: number;
  }>;
}

/** A day of the till with its figures, in paise (live while open, as stored once closed). */
export interface DayRecord {
  id: string;
  date: string;
  openedAt: Date;
  closedAt: Date | null;
  openingFloatPaise: number;
  sales: number;
  cashSalesPaise: number;
  upiSalesPaise: number;
  cashReturnsPaise: number;
  upiReturnsPaise: number;
  handoversPaise: number;
  payoutsPaise: number;
  expectedPaise: number;
  countedPaise: number | null;
  note: string | null;
}

/**
 * The live product whose barcode is `code`, or else whose SKU is (in any case).
 * @throws AppError NOT_FOUND when none is.
 */
export async function productByCode(em: EntityManager, code: string): Promise<Product> {
  const [found] = await productsByCode(em.getKysely<CounterTables>(), [code]);
  if (!found) throw new AppError('NOT_FOUND', `No product has the code ${code}`);
  return em.findOneOrFail(ProductSchema, found.id);
}

/**
 * The live products with these barcodes or SKUs, with the code each was found by: those found
 * by barcode first (a code that is one product's barcode and another's SKU is the barcode's).
 */
function productsByCode(db: Db, codes: readonly string[]) {
  const lower = codes.map((code) => code.toLowerCase());
  return db
    .selectFrom('products')
    .select(['id', 'barcode', sql<string | null>`lower(sku)`.as('sku')])
    .where('archived_at', 'is', null)
    .where((eb) => eb.or([eb('barcode', 'in', codes), eb(sql`lower(sku)`, 'in', lower)]))
    .orderBy(sql`coalesce(barcode in (${sql.join(codes)}), false)`, 'desc')
    .execute();
}

/**
 * The sale's lines by product id, codes looked up, one line per product (quantities added).
 * @throws AppError INVALID for a code no live product has, or a product over the line limit.
 */
async function saleLines(db: Db, items: CounterSaleBody['items']) {
  const codes = items.flatMap((item) => (item.code === undefined ? [] : [item.code]));
  const found = codes.length === 0 ? [] : await productsByCode(db, codes);
  // SKUs first, barcodes over them: a barcode names its product before any SKU does.
  const byCode = new Map<string, string>();
  for (const product of found) if (product.sku) byCode.set(product.sku, product.id);
  for (const product of found) if (product.barcode) byCode.set(product.barcode, product.id);
  const lines = new Map<string, number>();
  for (const item of items) {
    const id =
      item.product ?? byCode.get(item.code ?? '') ?? byCode.get(item.code?.toLowerCase() ?? '');
    if (!id) throw new AppError('INVALID', `items: no product has the code ${item.code}`);
    const quantity = (lines.get(id) ?? 0) + item.quantity;
    if (quantity > MAX_LINE_QUANTITY)
      throw new AppError('INVALID', `items: at most ${MAX_LINE_QUANTITY} of one product a sale`);
    lines.set(id, quantity);
  }
  return [...lines].map(([product, quantity]) => ({ product, quantity }));
}

/** The open day of the till, its row locked against closing while this transaction runs. */
async function openDay(db: Db) {
  const day = await db
    .selectFrom('counter_days')
    .select('id')
    .where('closed_at', 'is', null)
    .forShare()
    .executeTakeFirst();
  if (!day) throw new AppError('TILL_NOT_OPEN', DAY_NOT_OPEN);
  return day.id;
}

/**
 * Sells `body.items` at the counter, once per `key`: takes the units of counted products and
 * prices the lines exactly as an online order does (take-for-sale.ts: no number of racing
 * buyers, at the counter or online, takes more than there is; with `body.sellPastCount`, a
 * counted product short of units is sold all the same, past its count), totals the bill by the
 * shared cart rules, and writes the sale and its lines in the open day of the till, in one
 * transaction. A repeat of `key` answers the first sale and takes nothing. Then publishes
 * `product.changed` for each product counted down, and `till.changed`.
 * @throws AppError TILL_NOT_OPEN when no day is open; BILL_CHANGED when `body.amount` is not the
 * bill's total; IDEMPOTENCY_KEY_REUSED when the key was sent with another sale; CONFLICT when a
 * product is archived; OUT_OF_STOCK naming the product and what is left; INVALID for an unknown product
 * or code, cash tendered below the amount, or `tendered` on a UPI sale.
 */
export async function sellAtCounter(
  em: EntityManager,
  events: DomainEvents,
  body: CounterSaleBody,
  key?: string,
): Promise<SaleRecord> {
  if (body.payment === 'upi' && body.tendered !== undefined)
    throw new AppError('INVALID', 'tendered is for cash sales: a UPI sale is paid exactly');
  const request = keyedRequest(key, [
    body.items.map((item) => [item.product ?? null, item.code ?? null, item.quantity]),
    body.payment,
    body.tendered ?? null,
    body.amount ?? null,
  ]);
  const keys = tillKeys('counter_sales');
  const saleId = await oncePerKey(em, keys, request, async () => {
    const sold = await retryDeadlocks(() =>
      em.transactional(async (tx) => {
        // A retry of this key waits here for the first to commit, then answers its sale.
        const claim = request && (await claimKey(tx, keys, request));
        return recordSale(tx, body, claim);
      }),
    );
    for (const productId of sold.counted) events.publish({ type: 'product.changed', productId });
    events.publish({ type: 'till.changed' });
    return sold.saleId;
  });
  return saleById(em, saleId);
}

/**
 * Writes the sale of `body.items` in the open day of the till, in transaction `tx`, with the key
 * claimed for it: answers its id and the products whose units it took.
 * @throws AppError as sellAtCounter does.
 */
async function recordSale(
  tx: EntityManager,
  body: CounterSaleBody,
  claim: KeyedRequest | undefined,
): Promise<{ saleId: string; counted: string[] }> {
  const db = tx.getKysely<CounterTables>();
  const dayId = await openDay(db);
  const lines = await saleLines(db, body.items);
  const now = new Date();
  const priced = await takeForSale(tx, lines, now, { pastCount: body.sellPastCount });
  const totals = cartTotals(priced);
  if (totals.total > MAX_BILL_PAISE)
    throw new AppError(
      'INVALID',
      `items: the bill comes to ${rs(totals.total)}, and one bill takes at most ${rs(MAX_BILL_PAISE)}`,
    );
  if (body.amount !== undefined && paiseOf(body.amount) !== totals.total)
    throw new AppError(
      'BILL_CHANGED',
      `Prices changed since the bill was shown: it comes to ${rs(totals.total)} now. Check it with the customer`,
    );
  const tendered =
    body.payment === 'cash'
      ? body.tendered === undefined
        ? totals.total
        : paiseOf(body.tendered)
      : null;
  if (tendered !== null && tendered < totals.total)
    throw new AppError(
      'INVALID',
      `tendered must be at least the bill's ${rs(totals.total)}: ${rs(tendered)} is short`,
    );

  const saleId = uuidv7();
  await db
    .with('sale', (db) =>
      db.insertInto('counter_sales').values({
        id: saleId,
        // Numbered last, after every check: a refused sale takes no bill number.
        number: sql<number>`nextval('counter_sale_number')`,
        day_id: dayId,
        payment: body.payment,
        subtotal_paise: totals.subtotal,
        tax_paise: totals.tax,
        amount_paise: totals.total,
        tendered_paise: tendered,
        change_paise: tendered === null ? null : tendered - totals.total,
        refunded_paise: 0,
        idempotency_key: claim?.key ?? null,
        fingerprint: claim?.fingerprint ?? null,
        created_at: now,
      }),
    )
    .insertInto('counter_sale_lines')
    .values(
      priced.map((line, position) => ({
        id: uuidv7(),
        sale_id: saleId,
        position,
        product_id: line.product,
        name: line.name,
        quantity: line.quantity,
        unit_price_paise: line.unitPrice,
        stock_taken: line.taken,
        returned: 0,
      })),
    )
    .execute();
  const counted = priced.filter((line) => line.taken).map((line) => line.product);
  return { saleId, counted };
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

/** The sale with bill number `number`, whatever its day, or null. */
export async function saleByNumber(em: EntityManager, number: number): Promise<SaleRecord | null> {
  const [sale] = await readSales(em, (query) => query.where('s.number', '=', number));
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
    .select(['sale_id', 'product_id', 'name', 'quantity', 'unit_price_paise', 'returned'])
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
    createdAt: date(sale.created_at),
    lines: lines
      .filter((line) => line.sale_id === sale.id)
      .map((line) => ({
        product: line.product_id,
        name: line.name,
        quantity: line.quantity,
        unitPricePaise: line.unit_price_paise,
        returned: line.returned,
      })),
  }));
}

const salesQuery = (db: Db) =>
  db
    .selectFrom('counter_sales as s')
    .select([
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
 * Takes back `body.lines` of sale `saleId`: puts the units of counted products back on the
 * shelf (back in stock from 0) and gives back their money (refundOf: every unit back is exactly
 * the amount paid), the way the sale was paid, in the open day of the till; once per `key` (a
 * repeat answers the first return). Then publishes
 * `product.changed` for each product counted back, and `till.changed`.
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
  const keys = tillKeys('counter_returns');
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
    return done.returnId;
  });
  return { record: await readReturn(em, returnId), sale: await saleById(em, saleId) };
}

/**
 * Writes the return of `body.lines` of sale `saleId` in the open day of the till, in transaction
 * `tx`, with the key claimed for it: answers its id and the products whose units went back.
 * @throws AppError as returnToCounter does.
 */
async function recordReturn(
  tx: EntityManager,
  saleId: string,
  body: CounterReturnBody,
  claim: KeyedRequest | undefined,
): Promise<{ returnId: string; shelved: string[] }> {
  const db = tx.getKysely<CounterTables>();
  const dayId = await openDay(db);
  const sale = await db
    .selectFrom('counter_sales')
    .select(['id', 'number', 'payment'])
    .where('id', '=', saleId)
    .forUpdate()
    .executeTakeFirst();
  if (!sale) throw new AppError('NOT_FOUND', 'Sale not found');
  const lines = await db
    .selectFrom('counter_sale_lines')
    .select(['id', 'product_id', 'name', 'quantity', 'unit_price_paise', 'returned', 'stock_taken'])
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
          : `Only ${left} of ${line.name} can come back`,
      );
  });
  const amount = refundOf(
    lines.map((line) => ({
      unitPrice: line.unit_price_paise,
      quantity: line.quantity,
      returned: line.returned,
    })),
    returning,
  );
  const back = lines
    .map((line, index) => ({ line, quantity: returning[index] ?? 0 }))
    .filter(({ quantity }) => quantity > 0);
  const returned: ReturnedLine[] = back.map(({ line, quantity }) => ({
    product: line.product_id,
    name: line.name,
    quantity,
    amountPaise: line.unit_price_paise * quantity,
  }));
  const now = new Date();
  const returnId = uuidv7();
  const shelved = back.filter(({ line }) => line.stock_taken);
  const rows = (of: typeof back) =>
    sql<{ line_id: string; product_id: string; quantity: number }>`(values ${sql.join(
      of.map(
        ({ line, quantity }) => sql`(${line.id}::uuid, ${line.product_id}::uuid, ${quantity}::int)`,
      ),
    )})`.as<'r'>(sql`r(line_id, product_id, quantity)`);
  await db
    .with('returned_lines', (db) =>
      db
        .updateTable('counter_sale_lines as l')
        .from(rows(back))
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
  if (shelved.length > 0)
    await db
      .updateTable('products as p')
      .from(rows(shelved))
      .set({
        stock_count: countWithUnitsBack,
        in_stock: inStockWithUnitsBack,
        updated_at: now,
      })
      .whereRef('p.id', '=', 'r.product_id')
      .where('p.stock_count', 'is not', null)
      .execute();
  return { returnId, shelved: shelved.map(({ line }) => line.product_id) };
}

/** Return `returnId` as the till keeps it. */
async function readReturn(em: EntityManager, returnId: string): Promise<ReturnRecord> {
  const row = await em
    .getKysely<CounterTables>()
    .selectFrom('counter_returns')
    .select(['id', 'sale_id', 'payment', 'amount_paise', 'lines', 'created_at'])
    .where('id', '=', returnId)
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    saleId: row.sale_id,
    payment: row.payment,
    amountPaise: row.amount_paise,
    lines: row.lines,
    createdAt: timestampReader(em)(row.created_at),
  };
}

/** A return as the till keeps it, in paise. */
export interface ReturnRecord {
  id: string;
  saleId: string;
  payment: 'cash' | 'upi';
  amountPaise: number;
  lines: ReturnedLine[];
  createdAt: Date;
}

/**
 * Opens a day of the till with `openingFloat` rupees in the drawer, dated the shop's day. It
 * opens once a close or a handover under way has ended, so that days never overlap and each
 * handover is in one day at most.
 * @throws AppError CONFLICT when a day is open already.
 */
export async function openTill(
  em: EntityManager,
  events: DomainEvents,
  openingFloat: number,
): Promise<DayRecord> {
  const { timeZone } = await readShop(em);
  const dayId = await em.transactional(async (tx) => {
    const now = await holdTillCash(tx, 'alone');
    const day = tx.create(CounterDaySchema, {
      date: dayIn(now, timeZone),
      openingFloatPaise: paiseOf(openingFloat),
      openedAt: now,
    });
    try {
      await tx.flush();
    } catch (error) {
      // The unique index of the open day: another is open.
      if (error instanceof UniqueConstraintViolationException)
        throw new AppError('CONFLICT', DAY_ALREADY_OPEN);
      throw error;
    }
    return day.id;
  });
  events.publish({ type: 'till.changed' });
  return dayWithFigures(em, dayId);
}

/**
 * Closes the open day of the till with the cash counted in the drawer: its figures (cash sales
 * and returns, the agents' handovers meanwhile, the cash expected) are stored as they stand now,
 * beside the count and `note`.
 * @throws AppError TILL_NOT_OPEN when no day is open.
 */
export async function closeTill(
  em: EntityManager,
  events: DomainEvents,
  countedCash: number,
  note: string | undefined,
): Promise<DayRecord> {
  const dayId = await em.transactional(async (tx) => {
    // Agents' handovers wait while the day is summed: each is in the day or after it.
    const now = await holdTillCash(tx, 'alone');
    const db = tx.getKysely<CounterTables>();
    // Sales and returns hold the open day for share: closing waits for them, and they for it.
    const open = await db
      .selectFrom('counter_days')
      .select('id')
      .where('closed_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!open) throw new AppError('TILL_NOT_OPEN', DAY_NOT_OPEN);
    const day = await dayWithFigures(tx, open.id, now);
    await db
      .updateTable('counter_days')
      .set({
        closed_at: now,
        cash_sales_paise: day.cashSalesPaise,
        cash_returns_paise: day.cashReturnsPaise,
        handovers_paise: day.handoversPaise,
        payouts_paise: day.payoutsPaise,
        expected_paise: day.expectedPaise,
        counted_paise: paiseOf(countedCash),
        note: note || null,
      })
      .where('id', '=', open.id)
      .execute();
    return open.id;
  });
  events.publish({ type: 'till.changed' });
  return dayWithFigures(em, dayId);
}

/** The open day of the till with its figures so far, or null. */
export async function currentTill(em: EntityManager): Promise<DayRecord | null> {
  const open = await openTillDay(em);
  return open ? dayWithFigures(em, open.id) : null;
}

/** The open day of the till, its id and the shop's day it opened on, without its figures. */
export function openTillDay(em: EntityManager): Promise<{ id: string; date: string } | undefined> {
  return em
    .getKysely<CounterTables>()
    .selectFrom('counter_days')
    .select(['id', sql<string>`date::text`.as('date')])
    .where('closed_at', 'is', null)
    .executeTakeFirst();
}

/** The till's days that opened on the shop's day `date`, with their figures, oldest first. */
export async function tillDaysOn(em: EntityManager, date: string): Promise<DayRecord[]> {
  const days = await em
    .getKysely<CounterTables>()
    .selectFrom('counter_days')
    .select('id')
    .where('date', '=', date)
    .orderBy('opened_at')
    .execute();
  return Promise.all(days.map((day) => dayWithFigures(em, day.id)));
}

/** A closed day's stored sum: 64-bit, which the database driver reads as a string. */
const stored = (paise: number | string | null) => (paise === null ? null : Number(paise));

/**
 * Day `dayId` with its figures: summed from its sales, returns and the agents' handovers while
 * it was open (until `until`, its close; without it, all so far); a closed day's cash figures as
 * stored.
 */
async function dayWithFigures(em: EntityManager, dayId: string, until?: Date): Promise<DayRecord> {
  const date = timestampReader(em);
  const day = await em
    .getKysely<CounterTables>()
    .selectFrom('counter_days as d')
    .select([
      'd.id',
      sql<string>`d.date::text`.as('date'),
      'd.opened_at',
      'd.closed_at',
      'd.opening_float_paise',
      'd.cash_sales_paise',
      'd.cash_returns_paise',
      'd.handovers_paise',
      'd.payouts_paise',
      'd.expected_paise',
      'd.counted_paise',
      'd.note',
      (eb) =>
        eb
          .selectFrom('counter_sales as s')
          .select(sql<string>`count(*)`.as('count'))
          .whereRef('s.day_id', '=', 'd.id')
          .as('sales'),
      (eb) =>
        eb
          .selectFrom('counter_sales as s')
          .select(sql<string>`coalesce(sum(s.amount_paise), 0)`.as('sum'))
          .whereRef('s.day_id', '=', 'd.id')
          .where('s.payment', '=', 'cash')
          .as('cash_sales'),
      (eb) =>
        eb
          .selectFrom('counter_sales as s')
          .select(sql<string>`coalesce(sum(s.amount_paise), 0)`.as('sum'))
          .whereRef('s.day_id', '=', 'd.id')
          .where('s.payment', '=', 'upi')
          .as('upi_sales'),
      (eb) =>
        eb
          .selectFrom('counter_returns as r')
          .select(sql<string>`coalesce(sum(r.amount_paise), 0)`.as('sum'))
          .whereRef('r.day_id', '=', 'd.id')
          .where('r.payment', '=', 'cash')
          .as('cash_returns'),
      (eb) =>
        eb
          .selectFrom('counter_returns as r')
          .select(sql<string>`coalesce(sum(r.amount_paise), 0)`.as('sum'))
          .whereRef('r.day_id', '=', 'd.id')
          .where('r.payment', '=', 'upi')
          .as('upi_returns'),
    ])
    .where('d.id', '=', dayId)
    .executeTakeFirstOrThrow();
  // Cash agents handed over into the drawer while the day was open, and paid out of it; a closed
  // day's as stored (none paid out before pay-outs were recorded).
  const drawer =
    day.closed_at === null ? await tillCashPaise(em, date(day.opened_at), until) : null;
  const figures = {
    openingFloat: day.opening_float_paise,
    cashSales: stored(day.cash_sales_paise) ?? Number(day.cash_sales),
    cashReturns: stored(day.cash_returns_paise) ?? Number(day.cash_returns),
    handovers: stored(day.handovers_paise) ?? drawer?.handovers ?? 0,
    payouts: stored(day.payouts_paise) ?? drawer?.payouts ?? 0,
  };
  return {
    id: day.id,
    date: day.date,
    openedAt: date(day.opened_at),
    closedAt: day.closed_at && date(day.closed_at),
    openingFloatPaise: figures.openingFloat,
    sales: Number(day.sales),
    cashSalesPaise: figures.cashSales,
    upiSalesPaise: Number(day.upi_sales),
    cashReturnsPaise: figures.cashReturns,
    upiReturnsPaise: Number(day.upi_returns),
    handoversPaise: figures.handovers,
    payoutsPaise: figures.payouts,
    expectedPaise: stored(day.expected_paise) ?? expectedCash(figures),
    countedPaise: stored(day.counted_paise),
    note: day.note,
  };
}
