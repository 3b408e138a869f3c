/**
 * A walk-in sale at the till (docs/counter.md#a-sale): its units taken and its lines priced as an
 * online order's are (take-for-sale.ts), its bill totalled by the shared cart rules and paid in
 * cash, by UPI or on a customer's khata (docs/counter.md#khata-sales), in the open day of the
 * till, with its invoice, bill of supply or bill (docs/counter.md#the-bill-the-law-asks-for).
 * Written with Kysely, one statement for the sale after its checks, then its document
 * (gst/tax-documents.ts).
 */
import {
  cartTotals,
  formatAmount,
  FREE_DELIVERY,
  lineAmount,
  MAX_TILL_AMOUNT,
  paiseOf,
  saleDocumentKind,
  SHOP_CURRENCY,
  toRupees,
  type CounterSaleBody,
  type FlaggedProduct,
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
import { issueDocument } from '../gst/tax-documents.js';
import { checkCredit, lockCustomer, postEntry } from '../khata/khata-ledger.js';
import { khataOrdersOnTheWayPaise } from '../khata/khata-orders.js';
import { takeForSale, taxColumnsOf, taxOfSoldLine } from '../product/take-for-sale.js';
import { readShop } from '../shop/shop.service.js';
import type { CounterTables } from './counter.entity.js';
import { readCodes } from './counter-codes.js';
import { documentLines } from './counter-documents.js';
import {
  assertOnePricePerProduct,
  cancelForOnlineTry,
  chargedPrices,
  flaggedOf,
  holdDevice,
  madeAtOf,
} from './counter-offline.js';
import { saleById, type SaleRecord } from './counter-reads.js';
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

/** A sale as recorded, and what it took past the count (docs/counter.md#sold-past-the-count). */
export type SoldAtCounter = SaleRecord & { flagged: FlaggedProduct[] };

/**
 * Sells `body.items` at the counter, once per `key`: takes the units of counted products and
 * prices the lines exactly as an online order does (take-for-sale.ts: no number of racing
 * buyers, at the counter or online, takes more than there is; with `body.sellPastCount`, a
 * counted product short of units is sold all the same, past its count), totals the bill by the
 * shared cart rules in the shop's tax mode, and writes the sale and its lines (each with its tax
 * as sold) in the open day of the till, and last its invoice, bill of supply or bill with the
 * next number of its series (docs/gst.md#numbers), in one transaction. A khata sale puts the bill less `body.paid` on the customer's khata as a credit
 * in the same transaction, under a lock on the customer. A repeat of `key` answers the first
 * sale and takes nothing. Then publishes `product.changed` for each product counted down,
 * `till.changed`, and `khata.changed` for a khata sale.
 *
 * A sale made offline (`body.offline`, docs/counter.md#the-till-without-a-connection) already
 * happened: it is recorded at its `madeAt` (its khata entry and document too) at the prices it
 * was charged, past the count and past a khata's limit if need be, into the open day, with the
 * number its counter gave it in the counter's own series.
 * @throws AppError TILL_NOT_OPEN when no day is open; CREDIT_LIMIT when the khata's part would
 * take the customer past their limit (nothing written); NOT_FOUND for no such khata customer;
 * BILL_CHANGED when `body.amount` is not the
 * bill's total; IDEMPOTENCY_KEY_REUSED when the key was sent with another sale; CONFLICT when a
 * product is archived; GST_DETAILS_MISSING when a registered shop (`regular`) sells a product
 * without its HSN code or GST rate; OUT_OF_STOCK naming the product and what is left; INVALID for an unknown product
 * or code, cash tendered below the amount, `tendered` on a UPI sale, or a khata sale's `paid`
 * that leaves nothing for the khata or comes to more than the bill. Offline also: INVALID naming
 * `offline.madeAt` more than 5 minutes ahead of the server's clock or more than 30 days old, or a
 * product listed at two prices; NOT_FOUND naming `offline.device` for a series no counter has;
 * CONFLICT when its number of the series and year is another sale's.
 */
export async function sellAtCounter(
  em: EntityManager,
  events: DomainEvents,
  body: CounterSaleBody,
  key?: string,
): Promise<SoldAtCounter> {
  if (body.payment === 'upi' && body.tendered !== undefined)
    throw new AppError('INVALID', 'tendered is for cash sales: a UPI sale is paid exactly');
  const request = keyedRequest(key, [
    body.items.map((item) => [
      item.product ?? null,
      item.code ?? null,
      item.quantity,
      // An offline sale's price charged; none online, whose keys read as before.
      ...(item.price === undefined ? [] : [item.price]),
    ]),
    body.payment,
    body.tendered ?? null,
    body.amount ?? null,
    // A khata sale's customer and split; none for cash and UPI, whose keys read as before.
    ...(body.payment === 'khata'
      ? [body.customer ?? null, body.paid?.cash ?? null, body.paid?.upi ?? null]
      : []),
    // An offline sale's time made (one instant however written), counter and number.
    ...(body.offline
      ? [new Date(body.offline.madeAt).toISOString(), body.offline.device, body.offline.number]
      : []),
  ]);
  const keys = keysInRows('counter_sales');
  const recording = oncePerKey(em, keys, request, async () => {
    const sold = await retryDeadlocks(() =>
      em.transactional(async (tx) => {
        // A retry of this key waits here for the first to commit, then answers its sale.
        const claim = request && (await claimKey(tx, keys, request));
        return recordSale(tx, body, claim);
      }),
    );
    for (const productId of sold.counted) events.publish({ type: 'product.changed', productId });
    events.publish({ type: 'till.changed' });
    if (sold.customerId) events.publish({ type: 'khata.changed', customerId: sold.customerId });
    return sold.saleId;
  });
  const recorded = await recording.then(
    (saleId) => ({ saleId, online: false }),
    async (error: unknown) => {
      // An offline sale under the key of its own online try, recorded with its answer lost: its
      // number is cancelled, and the sale recorded online answers (counter-offline.ts).
      const reused = error instanceof AppError && error.code === 'IDEMPOTENCY_KEY_REUSED';
      const saleId =
        reused && body.offline && key ? await cancelForOnlineTry(em, body.offline, key) : null;
      if (!saleId) throw error;
      return { saleId, online: true };
    },
  );
  const sale = await saleById(em, recorded.saleId);
  // What the online sale took past the count was told when it was made; a sale that took
  // nothing past it (most) flags nothing, without a read.
  const pastCount = !recorded.online && sale.lines.some((line) => line.pastCount > 0);
  return { ...sale, flagged: pastCount ? await flaggedOf(em, recorded.saleId) : [] };
}

/**
 * Writes the sale of `body.items` in the open day of the till, in transaction `tx`, with the key
 * claimed for it: answers its id, the products whose units it took, and a khata sale's customer.
 * @throws AppError as sellAtCounter does.
 */
async function recordSale(
  tx: EntityManager,
  body: CounterSaleBody,
  claim: KeyedRequest | undefined,
): Promise<{ saleId: string; counted: string[]; customerId: string | null }> {
  const db = tx.getKysely<CounterTables>();
  const now = new Date();
  const { offline } = body;
  const madeAt = offline ? madeAtOf(offline, now) : now;
  if (offline) assertOnePricePerProduct(body.items);
  const dayId = await holdOpenDay(db);
  if (offline) await holdDevice(db, offline.device);
  const shop = await readShop(tx);
  // The customer first, then the stock: two khata sales for one customer queue here.
  const customer =
    body.payment === 'khata' && body.customer ? await lockCustomer(tx, body.customer) : null;
  const lines = await saleLines(tx, body.items);
  const priced = await takeForSale(tx, lines, now, {
    pastCount: body.sellPastCount,
    madeOffline: offline !== undefined,
    prices: offline && chargedPrices(body.items),
    tax: shop.tax,
  });
  const totals = cartTotals(priced, FREE_DELIVERY, shop.tax);
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
  const khata = customer && khataPart(body.paid, totals.total);
  // Past the limit (with the customer's khata orders on their way) nothing is written: the
  // transaction ends here, before the bill's number. Offline, the goods are gone already.
  if (customer && khata && !offline)
    checkCredit(customer, khata.onKhataPaise, await khataOrdersOnTheWayPaise(tx, customer.id));

  const sold = priced.map((line) => ({
    ...line,
    amountPaise: lineAmount(line.unitPrice, line.quantity, line.unit),
    tax: taxOfSoldLine(line, shop.tax),
  }));
  const saleId = uuidv7();
  await db
    .with('sale', (db) =>
      db.insertInto('counter_sales').values({
        id: saleId,
        // Numbered last, after every check: a refused sale takes no bill number.
        number: sql<number>`nextval('counter_sale_number')`,
        day_id: dayId,
        payment: body.payment,
        customer_id: customer?.id ?? null,
        khata_paise: khata?.onKhataPaise ?? null,
        paid_cash_paise: khata?.cashPaise ?? null,
        paid_upi_paise: khata?.upiPaise ?? null,
        subtotal_paise: totals.subtotal,
        tax_paise: totals.tax,
        amount_paise: totals.total,
        tendered_paise: tendered,
        change_paise: tendered === null ? null : tendered - totals.total,
        refunded_paise: 0,
        idempotency_key: claim?.key ?? null,
        fingerprint: claim?.fingerprint ?? null,
        created_at: madeAt,
        received_at: offline ? now : null,
      }),
    )
    .insertInto('counter_sale_lines')
    .values(
      sold.map((line, position) => ({
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
        past_count: line.pastCount,
        ...taxColumnsOf(line, line.tax),
      })),
    )
    .execute();
  const counted = [
    ...new Set(priced.filter((line) => line.taken).map((line) => line.stockProduct)),
  ];
  if (customer && khata) {
    const { number } = await db
      .selectFrom('counter_sales')
      .select('number')
      .where('id', '=', saleId)
      .executeTakeFirstOrThrow();
    await postEntry(tx, customer, {
      kind: 'credit',
      amountPaise: khata.onKhataPaise,
      sale: { id: saleId, number },
      at: madeAt,
    });
  }
  // Last, after every refusal: a sale refused takes no number, so the series has no gap.
  const invoice = await issueDocument(tx, shop, {
    // An offline sale keeps the number its counter printed, in the counter's own series.
    series: offline?.device ?? 'INV',
    number: offline?.number,
    kind: saleDocumentKind(shop.tax),
    at: madeAt,
    lines: documentLines(
      sold.map((line) => ({ ...line, unitPricePaise: line.unitPrice })),
      totals.tax,
    ),
  });
  await db
    .updateTable('counter_sales')
    .set({ tax_document_id: invoice.id })
    .where('id', '=', saleId)
    .execute();
  return { saleId, counted, customerId: customer?.id ?? null };
}

/**
 * A khata sale's split of a bill of `totalPaise`: what is paid now in cash and by UPI, and the
 * rest, which goes on the khata.
 * @throws AppError INVALID when `paid` comes to the whole bill (nothing left for the khata) or
 * more.
 */
function khataPart(paid: CounterSaleBody['paid'], totalPaise: number) {
  const cashPaise = paid?.cash === undefined ? 0 : paiseOf(paid.cash);
  const upiPaise = paid?.upi === undefined ? 0 : paiseOf(paid.upi);
  const onKhataPaise = totalPaise - cashPaise - upiPaise;
  if (onKhataPaise < 0)
    throw new AppError(
      'INVALID',
      `paid comes to ${rs(cashPaise + upiPaise)}, more than the bill's ${rs(totalPaise)}`,
    );
  if (onKhataPaise === 0)
    throw new AppError(
      'INVALID',
      `paid comes to the whole bill (${rs(totalPaise)}): nothing is left for the khata; sell it for cash or UPI`,
    );
  return { cashPaise, upiPaise, onKhataPaise };
}
