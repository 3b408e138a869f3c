import type { EntityManager, InferKyselyDB } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { ProductSchema } from '../product/product.entity.js';
import { countWithUnitsBack, inStockWithUnitsBack } from '../product/stock-units.js';
import type { OrderItemSchema } from './order.entity.js';

type StockTables = InferKyselyDB<typeof ProductSchema | typeof OrderItemSchema>;

/**
 * Puts back the stock order `orderId` took when it was placed (its lines with `stock_taken`: a
 * pack drawing from loose stock gives back the loose product's grams),
 * once: the lines are marked returned in the same statement, so a repeated cancellation adds
 * nothing. A product back from 0 is in stock again (inStockWithUnitsBack), its count at most
 * MAX_STOCK_COUNT (countWithUnitsBack); one no longer counted is left alone. Call inside the
 * transaction that cancels the order.
 * Answers the ids of the products whose count changed, for `product.changed` after the commit.
 */
export async function putBackUnits(tx: EntityManager, orderId: string): Promise<string[]> {
  const rows = await tx
    .getKysely<StockTables>()
    .with('returned', (db) =>
      db
        .updateTable('order_items')
        .set({ stock_taken: false })
        .where('order_id', '=', orderId)
        .where('stock_taken', '=', true)
        .returning([
          sql<string>`coalesce(stock_product_id, product_id)`.as('stock_product_id'),
          sql<number>`coalesce(stock_quantity, quantity)`.as('stock_quantity'),
        ]),
    )
    // By the product whose stock the lines took (a loose product's own line and its packs' add
    // up): an update sees one row of `from` per product.
    .with('back', (db) =>
      db
        .selectFrom('returned')
        .select(['stock_product_id as product_id', sql<number>`sum(stock_quantity)`.as('quantity')])
        .groupBy('stock_product_id'),
    )
    .updateTable('products as p')
    .from('back as r')
    .set({
      stock_count: countWithUnitsBack,
      in_stock: inStockWithUnitsBack,
      updated_at: new Date(),
    })
    .whereRef('p.id', '=', 'r.product_id')
    .where('p.stock_count', 'is not', null)
    .returning('p.id')
    .execute();
  return rows.map((row) => row.id);
}
