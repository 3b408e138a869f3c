/**
 * Taking a product's units and putting them back (docs/orders.md#stock), the same for online
 * orders and the counter's sales: conditional updates in SQL (the taking as SQL text, for the
 * hot path of every sale; the rest in Kysely), so that no number of racing buyers takes more than
 * there is.
 */
import { formatQuantity, MAX_LOOSE_STOCK, MAX_STOCK_COUNT, type Unit } from '@kirana/shared';
import type { InferKyselyDB, Kysely } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { AppError } from '../../lib/errors.js';
import type { ProductSchema } from './product.entity.js';

type ProductTables = InferKyselyDB<typeof ProductSchema>;

/** Units of products asked for: one line per product (pieces, or grams/ml of a loose one). */
export type UnitLines = ReadonlyArray<{ product: string; quantity: number }>;

/**
 * The stock the lines ask of each product that keeps it, as rows `(id, quantity)` to use as a
 * `with` named `asked`, in SQL: the lines are `count` pairs of parameters `(product, quantity)`
 * from `$from`. A line takes its own product's units, and a pack drawing from a loose product
 * (docs/catalogue.md#loose-goods-and-packs) its `pack_quantity` grams (ml) of the loose
 * product's stock for each pack, added up with the loose product's own line and other packs of
 * it. Summed as bigint: a stock asked of beyond any count is refused, never overflowed.
 */
export function stockAskedSql(count: number, from: number): string {
  const lines = Array.from(
    { length: count },
    (_, index) => `($${from + 2 * index}::uuid, $${from + 2 * index + 1}::bigint)`,
  );
  return `select coalesce(p.draws_from, p.id) as id,
      sum(asked.quantity * coalesce(p.pack_quantity, 1)) as quantity
    from (values ${lines.join(', ')}) as asked(product_id, quantity)
    inner join products as p on p.id = asked.product_id
    group by coalesce(p.draws_from, p.id)`;
}

/**
 * Takes the stock asked (the `with` named `asked`, {@link stockAskedSql}) from every counted,
 * in-stock product that has enough, in SQL (the time of the change is `now`, a parameter):
 * racing buyers wait on the product's row and see what the others left; the last unit (gram)
 * sets the product out of stock. A product that is not counted, or has too few, is left alone
 * (the caller refuses it). With `pastCount` (the seller's word that the customer holds the
 * packet: the counter's sale past the count) a counted product also gives what it has not got:
 * its count stops at 0 and the units beyond it are added to its `past_count`, in the same
 * update, so that racing sales never lose one; a product the seller switched off with units
 * left is still left alone, and so is one asked past its count for more than any count holds,
 * but with `switchedOff` (a sale made offline, which happened: it is taken from whatever the
 * seller did meanwhile). Returns the products taken from as the take leaves them (`id`,
 * `in_stock`, `stock_count`, `past_count`, `updated_at`); use it as a `with` of the statement
 * that reads them.
 */
export function takeUnitsSql(
  now: string,
  { pastCount = false, switchedOff = false }: { pastCount?: boolean; switchedOff?: boolean } = {},
): string {
  const which = pastCount
    ? `s.stock_count is not null and s.archived_at is null
      ${switchedOff ? '' : 'and (s.in_stock or s.stock_count = 0)'}
      and s.past_count + a.quantity <= ${MAX_LOOSE_STOCK}`
    : 's.in_stock and s.stock_count >= a.quantity';
  return `update products as s set stock_count = greatest(s.stock_count - a.quantity, 0),
      past_count = s.past_count + greatest(a.quantity - s.stock_count, 0),
      in_stock = s.stock_count - a.quantity > 0, updated_at = ${now}
    from asked as a
    where s.id = a.id and ${which}
    returning s.id, s.in_stock, s.stock_count, s.past_count, s.updated_at`;
}

/**
 * Product `p`'s count once `r.quantity` units (grams, ml) come back (an order cancelled, a
 * counter return), at most the most a count of its unit may be (MAX_STOCK_COUNT pieces,
 * MAX_LOOSE_STOCK grams). The goods did come back: the return is recorded whole (the order's
 * lines, the till's return) and its money given back; only the count stops at the most a count
 * may be, as the seller's own count does, rather than turning a customer away at the till, or
 * failing a cancellation, over a number no shelf holds.
 */
export const countWithUnitsBack = sql<number>`least(p.stock_count + r.quantity, case when p.unit = 'piece' then ${MAX_STOCK_COUNT}::int else ${MAX_LOOSE_STOCK}::int end)`;

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
  {
    product: productId,
    name,
    quantity,
    unit,
  }: { product: string; name: string; quantity: number; unit: Unit },
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
  return new AppError('OUT_OF_STOCK', `${name}: only ${formatQuantity(left, unit)} left in stock`);
}
