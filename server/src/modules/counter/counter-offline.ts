/**
 * A sale the counter made without a connection, sent when it could
 * (docs/counter.md#the-till-without-a-connection): when it was made, its counter's series, the
 * prices it was charged, and what it took past the count. Written with Kysely.
 */
import { paiseOf, type CounterSaleBody, type FlaggedProduct } from '@kirana/shared';
import type { EntityManager, Kysely } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { AppError } from '../../lib/errors.js';
import type { GstTables } from '../gst/gst.entity.js';
import { cancelNumber } from '../gst/tax-documents.js';
import { readShop } from '../shop/shop.service.js';
import type { CounterTables } from './counter.entity.js';

/** How far ahead of the server's clock a counter's may run: a clock a little fast. */
const MADE_AHEAD_MS = 5 * 60_000;
/** How old a sale made offline may be when it reaches the server: a month's outage at most. */
const MADE_WITHIN_MS = 30 * 24 * 60 * 60_000;

/** An offline sale as its body says it. */
export type OfflineSale = NonNullable<CounterSaleBody['offline']>;

/**
 * When the offline sale was made, checked against the server's clock `now`.
 * @throws AppError INVALID naming `offline.madeAt` when it is more than 5 minutes ahead of `now`
 * or more than 30 days before it.
 */
export function madeAtOf(offline: OfflineSale, now: Date): Date {
  const madeAt = new Date(offline.madeAt);
  if (madeAt.getTime() > now.getTime() + MADE_AHEAD_MS)
    throw new AppError(
      'INVALID',
      `offline.madeAt is ahead of the shop's clock (${now.toISOString()}): check the counter's clock`,
    );
  if (madeAt.getTime() < now.getTime() - MADE_WITHIN_MS)
    throw new AppError(
      'INVALID',
      'offline.madeAt is more than 30 days ago: a sale that old is recorded by hand, not sent',
    );
  return madeAt;
}

/**
 * When a bill that will never be a sale was made, written `madeAt` in field `field`, checked
 * against the server's clock `now`: not ahead of it, but of any age, since a number a counter
 * printed is cancelled however long it waited (docs/gst.md#cancelled-numbers).
 * @throws AppError INVALID naming `field` when it is more than 5 minutes ahead of `now`.
 */
export function cancelledAtOf(madeAt: string, now: Date, field: string): Date {
  const at = new Date(madeAt);
  if (at.getTime() > now.getTime() + MADE_AHEAD_MS)
    throw new AppError(
      'INVALID',
      `${field} is ahead of the shop's clock (${now.toISOString()}): check the counter's clock`,
    );
  return at;
}

/**
 * The lost online try (docs/counter.md#the-till-without-a-connection): the sale sent online under
 * `key` was recorded but its answer lost, so the counter kept it offline under the same key and
 * printed number `offline.number` of its series. That number will never be a sale: it is
 * cancelled ("Recorded as KS/26-27/12") in one transaction, idempotent on a resend. Answers the
 * sale recorded online, or null when `key` is no online sale's (an offline one's: the reuse
 * stands).
 * @throws AppError NOT_FOUND naming `offline.device` for a series no counter has; INVALID naming
 * `offline.madeAt` ahead of the server's clock; CONFLICT when the number is another sale's.
 */
export async function cancelForOnlineTry(
  em: EntityManager,
  offline: OfflineSale,
  key: string,
): Promise<string | null> {
  return em.transactional(async (tx) => {
    const online = await tx
      .getKysely<CounterTables & GstTables>()
      .selectFrom('counter_sales as s')
      .innerJoin('tax_documents as d', 'd.id', 's.tax_document_id')
      .select(['s.id', 'd.printed'])
      .where('s.idempotency_key', '=', key)
      .where('s.received_at', 'is', null)
      .executeTakeFirst();
    if (!online) return null;
    const at = cancelledAtOf(offline.madeAt, new Date(), 'offline.madeAt');
    await holdDevice(tx.getKysely<CounterTables>(), offline.device);
    await cancelNumber(tx, await readShop(tx), {
      series: offline.device,
      number: offline.number,
      at,
      reason: `Recorded as ${online.printed}`,
    });
    return online.id;
  });
}

/** The prices an offline sale's items were charged, in paise, by product id. */
export function chargedPrices(items: CounterSaleBody['items']): Map<string, number> {
  return new Map(
    items.flatMap((item) =>
      item.product === undefined || item.price === undefined
        ? []
        : [[item.product, paiseOf(item.price)] as const],
    ),
  );
}

/**
 * Holds counter device `series` for the sale being written in the caller's transaction, so that
 * no sale of a series comes in unregistered.
 * @throws AppError NOT_FOUND naming `offline.device` when no counter has the series.
 */
export async function holdDevice(db: Kysely<CounterTables>, series: string): Promise<void> {
  const device = await db
    .selectFrom('counter_devices')
    .select('series')
    .where('series', '=', series)
    .forShare()
    .executeTakeFirst();
  if (!device)
    throw new AppError(
      'NOT_FOUND',
      `offline.device: no counter has the series ${series}; register the counter again`,
    );
}

/** Refuses lines of one product at two prices: a line a product, at the price it was charged. */
export function assertOnePricePerProduct(items: CounterSaleBody['items']): void {
  const seen = new Map<string, number>();
  for (const item of items) {
    if (item.product === undefined || item.price === undefined) continue;
    const before = seen.get(item.product);
    if (before !== undefined && before !== item.price)
      throw new AppError(
        'INVALID',
        `items: product ${item.product} is listed at two prices; send it as one line`,
      );
    seen.set(item.product, item.price);
  }
}

/**
 * What sale `saleId` took past the count, by the product whose count it took from (a pack's
 * loose product), read from its lines: empty when nothing.
 */
export async function flaggedOf(em: EntityManager, saleId: string): Promise<FlaggedProduct[]> {
  const rows = await em
    .getKysely<CounterTables>()
    .selectFrom('counter_sale_lines as l')
    .innerJoin('products as p', (join) =>
      join.on(sql<boolean>`p.id = coalesce(l.stock_product_id, l.product_id)`),
    )
    .select(['p.id', 'p.name', sql<string>`sum(l.past_count)`.as('past_count')])
    .where('l.sale_id', '=', saleId)
    .where('l.past_count', '>', 0)
    .groupBy(['p.id', 'p.name'])
    .orderBy('p.name')
    .execute();
  return rows.map((row) => ({
    product: row.id,
    name: row.name,
    pastCount: Number(row.past_count),
  }));
}
