/**
 * Taking a product's units and putting them back (docs/orders.md#stock), the same for online
 * orders and the counter's sales: conditional updates in SQL (Kysely), so that no number of
 * racing buyers takes more than there is.
 */
import { MAX_STOCK_COUNT } from '@kirana/shared';
import type { InferKyselyDB, Kysely } from '@mikro-orm/postgresql';
import { sql, type QueryCreator } from 'kysely';
import { AppError } from '../../lib/errors.js';
import type { ProductSchema } from './product.entity.js';

type ProductTables = InferKyselyDB<typeof ProductSchema>;

/** Units of products asked for: one line per product. */
export type UnitLines = ReadonlyArray<{ product: string; quantity: number }>;

/**
 * Takes the units of `lines` from every counted, in-stock product that has enough: racing
 * buyers wait on the product's row and see what the others left; the last unit sets the product
 * out of stock. A product that is not counted, or has too few, is left alone (the caller refuses
 * it). With `pastCount` (the seller's word that the customer holds the packet: the counter's
 * sale past the count) a counted product also gives what it has not got: its count stops at 0
 * and the units beyond it are added to its `past_count`, in the same update, so that racing
 * sales never lose one; a product the seller switched off with units left is still left alone.
 * Returns the ids of the products taken from; use it as a `with` of the statement that reads them.
 */
export function takeUnits<DB extends ProductTables>(
  db: QueryCreator<DB>,
  lines: UnitLines,
  now: Date,
  { pastCount = false }: { pastCount?: boolean } = {},
) {
  const ordered = sql<number>`case ${sql.ref('id')} ${sql.join(
    lines.map(({ product, quantity }) => sql`when ${product}::uuid then ${quantity}::int`),
    sql` `,
  )} end`;
  const taking = (db as unknown as QueryCreator<ProductTables>)
    .updateTable('products')
    .set({
      stock_count: sql<number>`greatest(stock_count - ${ordered}, 0)`,
      past_count: sql<number>`past_count + greatest(${ordered} - stock_count, 0)`,
      in_stock: sql<boolean>`stock_count - ${ordered} > 0`,
      updated_at: now,
    })
    .where(
      'id',
      'in',
      lines.map((line) => line.product),
    );
  return (
    pastCount
      ? taking
          .where('stock_count', 'is not', null)
          .where('archived_at', 'is', null)
          .where((eb) => eb.or([eb('in_stock', '=', true), eb('stock_count', '=', 0)]))
      : taking.where('in_stock', '=', true).where('stock_count', '>=', ordered)
  ).returning('id');
}

/**
 * Product `p`'s count once `r.quantity` units come back (an order cancelled, a counter return),
 * at most MAX_STOCK_COUNT. The goods did come back: the return is recorded whole (the order's
 * lines, the till's return) and its money given back; only the count stops at the most a count
 * may be, as the seller's own count does, rather than turning a customer away at the till, or
 * failing a cancellation, over a number no shelf holds.
 */
export const countWithUnitsBack = sql<number>`least(p.stock_count + r.quantity, ${MAX_STOCK_COUNT})`;

/**
 * Whether product `p` is in stock once units come back to it: back from 0 it is (even one the
 * seller had switched off at 0: the two look the same), unless archived, never sold again; one
 * switched off with units left stays off.
 */
export const inStockWithUnitsBack = sql<boolean>`p.in_stock or (p.stock_count = 0 and p.archived_at is null)`;

/**
 * The refusal of `quantity` units of `productId` that could not be taken, saying what is left:
 * read now, since the buyer's own read saw the product from before the sales (or the seller's
 * change) it raced.
 */
export async function notEnoughLeft<DB extends ProductTables>(
  db: Kysely<DB>,
  { product: productId, name, quantity }: { product: string; name: string; quantity: number },
): Promise<AppError> {
  const now = await (db as unknown as Kysely<ProductTables>)
    .selectFrom('products')
    .select(['in_stock', 'stock_count'])
    .where('id', '=', productId)
    .executeTakeFirstOrThrow();
  const left = now.stock_count;
  if (!now.in_stock || left === 0) return new AppError('OUT_OF_STOCK', `${name} is out of stock`);
  // Restocked, or no longer counted, since: the same sale may go through now.
  if (left === null || left >= quantity) {
    return new AppError('CONFLICT', `The stock of ${name} just changed: please try again`);
  }
  return new AppError('OUT_OF_STOCK', `${name}: only ${left} left in stock`);
}
