/**
 * A walk-in sale at the till (docs/counter.md#a-sale): its units taken and its lines priced as an
 * online order's are (take-for-sale.ts), its bill totalled by the shared cart rules and paid in
 * cash or by UPI, in the open day of the till. Written with Kysely, one statement for the sale
 * after its checks.
 */
import {
  cartTotals,
  formatAmount,
  MAX_TILL_AMOUNT,
  paiseOf,
  SHOP_CURRENCY,
  toRupees,
  type CounterSaleBody,
} from '@kirana/shared';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { uuidv7 } from 'uuidv7';
import { retryDeadlocks } from '../../db/retry-deadlocks.js';
import type { DomainEvents } from '../../lib/domain-events.js';
import { AppError } from '../../lib/errors.js';
import { claimKey, keyedRequest, oncePerKey, type KeyedRequest } from '../../lib/idempotency.js';
import { takeForSale } from '../product/take-for-sale.js';
import type { CounterTables } from './counter.entity.js';
import { readCodes } from './counter-codes.js';
import { saleById, type SaleRecord } from './counter-reads.js';
import { tillKeys } from './till-keys.js';
import { holdOpenDay } from './till-day.service.js';

/** One bill takes at most what the till's cash fields do (a float, a count, cash tendered). */
const MAX_BILL_PAISE = paiseOf(MAX_TILL_AMOUNT);

const rs = (paise: number) => formatAmount(toRupees(paise), SHOP_CURRENCY);

/**
 * The sale's lines by product id, codes read (a scale label gives its grams), one line per
 * product (quantities added).
 * @throws AppError INVALID for a code that is no product's, an item without its quantity, or a
 * scale label's with one; SCALE_LABEL_INVALID for a label that does not read (counter-codes.ts).
 */
async function saleLines(em: EntityManager, items: CounterSaleBody['items']) {
  const codes = items.flatMap((item) => (item.code === undefined ? [] : [item.code]));
  const read = codes.length === 0 ? [] : await readCodes(em, codes);
  const byCode = new Map(codes.map((code, index) => [code, read[index]]));
  const lines = new Map<string, number>();
  for (const item of items) {
    const reading = item.code === undefined ? undefined : byCode.get(item.code);
    const id = item.product ?? reading?.product;
    if (!id) throw new AppError('INVALID', `items: no product has the code ${item.code}`);
    if (reading?.quantity !== undefined && item.quantity !== undefined)
      throw new AppError(
        'INVALID',
        `items: ${item.code} is a scale label, which says its own weight: send it without a quantity`,
      );
    const quantity = item.quantity ?? reading?.quantity;
    if (quantity === undefined)
      throw new AppError('INVALID', 'items.quantity is required, but for a scale label');
    lines.set(id, (lines.get(id) ?? 0) + quantity);
  }
  return [...lines].map(([product, quantity]) => ({ product, quantity }));
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
  const dayId = await holdOpenDay(db);
  const lines = await saleLines(tx, body.items);
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
        unit: line.unit,
        quantity: line.quantity,
        unit_price_paise: line.unitPrice,
        stock_product_id: line.stockProduct,
        stock_quantity: line.stockQuantity,
        stock_taken: line.taken,
        returned: 0,
      })),
    )
    .execute();
  const counted = [
    ...new Set(priced.filter((line) => line.taken).map((line) => line.stockProduct)),
  ];
  return { saleId, counted };
}
