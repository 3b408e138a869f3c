/**
 * A sale the counter made without a connection, sent when it could
 * (docs/counter.md#the-till-without-a-connection): when it was made, its counter's series, the
 * prices it was charged, and what it took past the count. Written with Kysely.
 */
import { paiseOf, type CounterSaleBody, type FlaggedProduct } from '@kirana/shared';
import type { EntityManager, Kysely } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { AppError } from '../../lib/errors.js';
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
