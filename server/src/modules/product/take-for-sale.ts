/**
 * The one way units are sold (docs/orders.md#stock): an online order and a sale at
 * the counter take the units of their lines and price them from the catalogue here, with one set
 * of refusals. Written with Kysely: one statement takes and reads (stock-units.ts takeUnits).
 */
import type { EntityManager, InferKyselyDB } from '@mikro-orm/postgresql';
import { AppError } from '../../lib/errors.js';
import type { ProductSchema } from './product.entity.js';
import { notEnoughLeft, takeUnits, type UnitLines } from './stock-units.js';

type ProductTables = InferKyselyDB<typeof ProductSchema>;

/** A line as sold: its product as the catalogue has it now, and whether its units were taken. */
export interface SoldLine {
  product: string;
  name: string;
  quantity: number;
  /** The product's offer price when sold, in paise. */
  unitPrice: number;
  /** Taken from the product's count (a cancellation or a return puts them back). */
  taken: boolean;
}

/**
 * Takes `lines` (one a product) for sale in the transaction `tx`, in one statement: the units of
 * every counted product that has enough, racing buyers waiting on its row, so that no number of
 * them, online or at the counter, takes more than there is (stock-units.ts takeUnits); with
 * `pastCount` (the seller's word at the counter) a counted product short of units is taken from
 * all the same, past its count. Answers the lines priced from the catalogue, in their order.
 * Refused, it has taken nothing once `tx` rolls back.
 * @throws AppError INVALID for an unknown product; CONFLICT for an archived one, or one sold by
 * weight or drawing from loose stock (not sold yet); OUT_OF_STOCK for
 * a product out of stock or with fewer units left than asked (naming what is left), or CONFLICT
 * when its stock changed meanwhile (notEnoughLeft).
 */
export async function takeForSale(
  tx: EntityManager,
  lines: UnitLines,
  now: Date,
  { pastCount = false }: { pastCount?: boolean } = {},
): Promise<SoldLine[]> {
  const db = tx.getKysely<ProductTables>();
  const rows = await db
    .with('taken', (db) => takeUnits(db, lines, now, { pastCount }))
    .selectFrom('products as p')
    .select((eb) => [
      'p.id',
      'p.name',
      'p.offer_price_paise',
      'p.in_stock',
      'p.stock_count',
      'p.archived_at',
      'p.unit',
      'p.draws_from',
      eb('p.id', 'in', eb.selectFrom('taken').select('taken.id')).as('taken'),
    ])
    .where(
      'p.id',
      'in',
      lines.map((line) => line.product),
    )
    .execute();
  const products = new Map(rows.map((row) => [row.id, row]));
  const sold = lines.map(({ product: id, quantity }) => {
    const product = products.get(id);
    if (!product) throw new AppError('INVALID', `items: no product with id ${id}`);
    if (product.archived_at) throw new AppError('CONFLICT', `${product.name} is no longer sold`);
    // Weighed sales (grams in carts, orders and the till, packs taking loose stock) are the next
    // step of loose goods (docs/catalogue.md#loose-goods-and-packs): until then they are refused,
    // never sold as pieces at a price per kilo.
    if (product.unit !== 'piece')
      throw new AppError(
        'CONFLICT',
        `${product.name} is sold by the ${product.unit === 'kg' ? 'kilo' : 'litre'}, which orders and the counter do not sell yet`,
      );
    if (product.draws_from !== null)
      throw new AppError(
        'CONFLICT',
        `${product.name} draws from loose stock, which orders and the counter do not sell yet`,
      );
    // Sold past the count, a product out of stock at 0 is taken from all the same.
    if (!product.in_stock && product.taken !== true)
      throw new AppError('OUT_OF_STOCK', `${product.name} is out of stock`);
    return {
      line: {
        product: id,
        name: product.name,
        quantity,
        unitPrice: product.offer_price_paise,
        taken: product.taken === true,
      },
      counted: product.stock_count !== null,
    };
  });
  // Not taken: fewer units left than asked. Throwing rolls back what the other lines took.
  const short = sold.find(({ line, counted }) => counted && !line.taken);
  if (short) throw await notEnoughLeft(db, short.line);
  return sold.map(({ line }) => line);
}
