/**
 * The one way goods are sold (docs/orders.md#stock): an online order and a sale at the counter
 * take the stock of their lines and price them from the catalogue here, with one set of
 * refusals, pieces and loose goods alike (docs/catalogue.md#loose-goods-and-packs). One
 * statement takes and reads, as SQL text (stock-units.ts stockAskedSql, takeUnitsSql); the rest
 * in Kysely.
 */
import {
  formatQuantity,
  lineAmount,
  lineQuantityProblem,
  MESSAGES,
  percentOf,
  rateHundredths,
  taxOfLine,
  type LineTax,
  type TaxMode,
  type Unit,
} from '@kirana/shared';
import type { EntityManager, InferKyselyDB, Kysely } from '@mikro-orm/postgresql';
import { CompiledQuery, sql } from 'kysely';
import { AppError } from '../../lib/errors.js';
import { named } from '../../lib/prepared-statement.js';
import type { ListedProductRow } from './listed-product.js';
import type { ProductSchema } from './product.entity.js';
import { notEnoughLeft, stockAskedSql, takeUnitsSql, type UnitLines } from './stock-units.js';

type ProductTables = InferKyselyDB<typeof ProductSchema>;

/** A line as sold: its product as the catalogue has it now, and whether its stock was taken. */
export interface SoldLine {
  product: string;
  name: string;
  /** Pieces, or grams (ml) of a product sold by the kilo (litre). */
  unit: Unit;
  quantity: number;
  /** The product's offer price when sold, per piece, kilo or litre, in paise. */
  unitPrice: number;
  /**
   * The product whose count the line takes from and how much: the product itself and its
   * quantity, or for a pack drawing from loose stock the loose product and the pack's grams.
   */
  stockProduct: string;
  stockQuantity: number;
  /** Taken from the stock product's count (a cancellation or a return puts it back). */
  taken: boolean;
  /**
   * Units (grams, ml) of the stock product the line took beyond its count: the stock product's
   * shortfall, given to its lines from the last (docs/counter.md#sold-past-the-count); 0 but
   * past the count.
   */
  pastCount: number;
  /** The product's HSN code and GST rate in percent (5, 18, 0.25 …) when sold; null: none set. */
  hsn: string | null;
  gstRate: number | null;
}

/** The GST in a sold line's amount in the shop's `mode`: null but in `regular` (taxOfLine). */
export const taxOfSoldLine = (line: SoldLine, mode: TaxMode): LineTax | null =>
  taxOfLine(mode, lineAmount(line.unitPrice, line.quantity, line.unit), line.gstRate);

/**
 * A sold line's tax as its row keeps it (db/base.ts lineTaxProperties): the product's HSN code
 * and rate (hundredths) whenever it has them, and its `tax` (taxOfSoldLine) when it has one
 * (docs/gst.md#a-lines-tax).
 */
export function taxColumnsOf(line: Pick<SoldLine, 'hsn' | 'gstRate'>, tax: LineTax | null) {
  return {
    hsn: line.hsn,
    gst_rate: line.gstRate === null ? null : rateHundredths(line.gstRate),
    taxable_paise: tax?.taxable ?? null,
    cgst_paise: tax?.cgst ?? null,
    sgst_paise: tax?.sgst ?? null,
  };
}

/** How an online order's lines are bound beyond the counter's: the shop's most per line. */
export interface OnlineLimits {
  /** Pieces of a product, or kilos (litres) of a loose one, in one order. */
  maxPerLine: number;
}

/** How a sale's lines are taken beyond what every sale shares. */
export interface TakeOptions {
  /** The seller's word at the counter: a counted product short of stock is sold past its count. */
  pastCount?: boolean;
  /**
   * A sale made at the counter without a connection: it happened, so it is never refused for
   * stock (past the count, a product switched off since sold all the same).
   */
  madeOffline?: boolean;
  /** The price charged for a product's piece, kilo or litre, in paise; none: the catalogue's. */
  prices?: ReadonlyMap<string, number>;
  /** Online only: how an online order's lines are bound. */
  online?: OnlineLimits;
  /** The shop's tax mode. */
  tax?: TaxMode;
  /** Each line's product also as an order lists it once taken (listed-product.ts). */
  asListed?: boolean;
}

/** A line as sold, with its product as an order lists it once the line is taken. */
export type ListedSoldLine = SoldLine & { asListed: ListedProductRow };

/** A product of a sale as its statement reads it (see {@link takeStatement}). */
interface TakenRow {
  id: string;
  name: string;
  offer_price_paise: number;
  in_stock: boolean;
  archived_at: Date | null;
  unit: Unit;
  steps: number[] | null;
  pack_quantity: number | null;
  hsn: string | null;
  gst_rate: number | null;
  /** The product whose stock the line takes: a pack's loose product, else itself. */
  stock_id: string;
  stock_name: string;
  stock_unit: Unit;
  /** It and its loose product are both on sale. */
  stock_in_stock: boolean;
  stock_archived: boolean;
  stock_count: number | null;
  /** What the sale asks of the stock product, in all (a numeric: a string). */
  asked: string | null;
  taken: boolean;
}

/**
 * The columns of a product as an order lists it (listed-product.ts), as the take leaves it: a
 * product taken from (`t`) has its count, its being in stock and its time of change anew.
 */
const LISTED_COLUMNS = `p.id as product_id, p.name as product_name, p.category, p.description,
  p.price_paise, p.images, coalesce(t.in_stock, p.in_stock) as product_in_stock,
  case when t.id is null then p.stock_count else t.stock_count end as product_stock_count,
  coalesce(t.past_count, p.past_count) as product_past_count, p.weight, p.sku, p.barcode,
  p.scale_code, p.family, p.pack_label, p.draws_from, p.hsn as product_hsn,
  p.gst_rate as product_gst_rate, p.created_at as product_created_at,
  coalesce(t.updated_at, p.updated_at) as product_updated_at`;

/** {@link takeStatement}'s texts, by the number of lines and how they are taken. */
const takeStatements = new Map<string, string>();

/**
 * The statement taking a sale's `count` lines — parameters `$1` the time, then `(product,
 * quantity)` pairs — and reading each product (stock-units.ts stockAskedSql, takeUnitsSql) as
 * SQL text, written once a shape (building it anew cost every sale more CPU than running it) and
 * sent as a named statement (lib/prepared-statement.ts `named`).
 */
function takeStatement(
  count: number,
  how: { pastCount: boolean; switchedOff: boolean; asListed: boolean },
): string {
  const key = `${count} ${how.pastCount} ${how.switchedOff} ${how.asListed}`;
  let text = takeStatements.get(key);
  if (text === undefined) {
    const products = Array.from({ length: count }, (_, index) => `$${2 + 2 * index}`);
    text = `with asked as (${stockAskedSql(count, 2)}), taken as (${takeUnitsSql('$1', how)})
      select p.id, p.name, p.offer_price_paise, p.in_stock, p.archived_at, p.unit, p.steps,
        p.pack_quantity, p.hsn, p.gst_rate, coalesce(s.id, p.id) as stock_id,
        coalesce(s.name, p.name) as stock_name, coalesce(s.unit, p.unit) as stock_unit,
        (p.in_stock and coalesce(s.in_stock, p.in_stock)) as stock_in_stock,
        s.archived_at is not null as stock_archived,
        coalesce(s.stock_count, p.stock_count) as stock_count, a.quantity as asked,
        coalesce(p.draws_from, p.id) in (select taken.id from taken) as taken
        ${how.asListed ? `, ${LISTED_COLUMNS}` : ''}
      from products as p
      left join products as s on s.id = p.draws_from
      left join asked as a on a.id = coalesce(p.draws_from, p.id)
      ${how.asListed ? 'left join taken as t on t.id = p.id' : ''}
      where p.id in (${products.join(', ')})`;
    takeStatements.set(key, named(text));
  }
  return text;
}

/**
 * Takes `lines` (one a product) for sale in the transaction `tx`, in one statement: the stock of
 * every counted product that has enough (a pack drawing from a loose product takes its grams of
 * the loose product's stock), racing buyers waiting on its row, so that no number of them,
 * online or at the counter, takes more than there is (stock-units.ts takeUnitsSql); with
 * `pastCount` (the seller's word at the counter) a counted product short of stock is taken from
 * all the same, past its count, and so with `madeOffline`, which refuses nothing for stock. Online
 * (`online` given), a loose product is sold in its steps only and at most `maxPerLine` kilos of
 * it; at the counter, any weight. With `tax` (the shop's mode) `regular`, a product without its
 * HSN code or GST rate is not sold, online or at the counter alike (docs/gst.md#tax-modes).
 * Answers the lines priced from the catalogue (or at `prices`) with their HSN and rate and what
 * each took past the count, in their order (with `asListed`, and each product as an order lists
 * it once taken, read by the same statement). Refused, it has taken nothing once `tx` rolls back.
 * @throws AppError INVALID for an unknown product or a quantity its unit does not take (pieces
 * 1–999, grams 1–1,000,000); NOT_A_STEP for an online weight that is not one of its steps;
 * TOO_MANY_UNITS past the most per line online; CONFLICT for an archived product (or one whose
 * loose stock is archived); GST_DETAILS_MISSING in `regular` for a product without HSN code or
 * GST rate; OUT_OF_STOCK for a product out of stock or with less left than asked (naming what is
 * left), or CONFLICT when its stock changed meanwhile (notEnoughLeft).
 */
export async function takeForSale(
  tx: EntityManager,
  lines: UnitLines,
  now: Date,
  options: TakeOptions & { asListed: true },
): Promise<ListedSoldLine[]>;
export async function takeForSale(
  tx: EntityManager,
  lines: UnitLines,
  now: Date,
  options?: TakeOptions,
): Promise<SoldLine[]>;
export async function takeForSale(
  tx: EntityManager,
  lines: UnitLines,
  now: Date,
  {
    pastCount = false,
    madeOffline = false,
    prices,
    online,
    tax = 'spec',
    asListed = false,
  }: TakeOptions = {},
): Promise<SoldLine[]> {
  const db = tx.getKysely<ProductTables>();
  const past = pastCount || madeOffline;
  // Past the count, the counts read below must be those the take starts from: held from here.
  if (past) await holdCounts(db, lines);
  const statement = takeStatement(lines.length, {
    pastCount: past,
    switchedOff: madeOffline,
    asListed,
  });
  // With `asListed`, its rows hold the listed columns too.
  const { rows } = await db.executeQuery<TakenRow & ListedProductRow>(
    CompiledQuery.raw(statement, [
      now,
      ...lines.flatMap(({ product, quantity }) => [product, quantity]),
    ]),
  );
  const products = new Map(rows.map((row) => [row.id, row]));
  const sold = lines.map(({ product: id, quantity }) => {
    const product = products.get(id);
    if (!product) throw new AppError('INVALID', `items: no product with id ${id}`);
    if (product.archived_at || product.stock_archived)
      throw new AppError('CONFLICT', `${product.name} is no longer sold`);
    if (tax === 'regular' && (product.hsn === null || product.gst_rate === null))
      throw new AppError(
        'GST_DETAILS_MISSING',
        `${product.name} has no HSN code or GST rate: set them on the product before selling it`,
      );
    const problem = lineQuantityProblem(quantity, product.unit);
    if (problem) throw new AppError('INVALID', `items: ${product.name}: ${problem}`);
    if (online && product.unit !== 'piece') assertOnlineWeight(product, quantity, online);
    const taken = product.taken === true;
    // A pack the seller switched off is not sold, however much loose stock there is (its loose
    // product's grams were taken for it, and go back as the refusal rolls back).
    if (product.pack_quantity !== null && !product.in_stock && !madeOffline)
      throw new AppError('OUT_OF_STOCK', `${product.name} is out of stock`);
    // Sold past the count, a product out of stock at 0 is taken from all the same.
    if (!product.stock_in_stock && !taken && !(madeOffline && product.stock_count === null))
      throw new AppError('OUT_OF_STOCK', `${product.name} is out of stock`);
    const stockQuantity = quantity * (product.pack_quantity ?? 1);
    return {
      line: {
        product: id,
        name: product.name,
        unit: product.unit,
        quantity,
        unitPrice: prices?.get(id) ?? product.offer_price_paise,
        stockProduct: product.stock_id,
        stockQuantity,
        taken,
        pastCount: 0,
        hsn: product.hsn,
        gstRate: percentOf(product.gst_rate),
        ...(asListed && { asListed: product }),
      },
      // Read under holdCounts' locks: the count the take started from. Else a take had enough.
      shortfall:
        past && taken && product.stock_count !== null
          ? Math.max(Number(product.asked) - product.stock_count, 0)
          : 0,
      short: product.stock_count !== null &&
        !taken && {
          product: product.stock_id,
          name: product.stock_name,
          quantity: Number(product.asked),
          unit: product.stock_unit,
        },
    };
  });
  // Not taken: less left than asked. Throwing rolls back what the other lines took.
  const short = sold.find((line) => line.short)?.short;
  if (short) throw await notEnoughLeft(db, short);
  return pastCountOfLines(sold);
}

/**
 * Locks the rows of the counted products `lines` take stock from, in the order of their ids: the
 * counts a take past the count reads are then those it takes from, whoever raced it.
 */
async function holdCounts(db: Kysely<ProductTables>, lines: UnitLines): Promise<void> {
  await db
    .selectFrom('products')
    .select('id')
    .where('stock_count', 'is not', null)
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('products as p')
        .select(sql<string>`coalesce(p.draws_from, p.id)`.as('id'))
        .where(
          'p.id',
          'in',
          lines.map((line) => line.product),
        ),
    )
    .orderBy('id')
    .forUpdate()
    .execute();
}

/**
 * The lines with what each took past the count: a stock product's `shortfall` (the units asked of
 * it beyond its count) given to its lines from the last, each at most its own units.
 */
function pastCountOfLines(sold: ReadonlyArray<{ line: SoldLine; shortfall: number }>): SoldLine[] {
  const left = new Map(sold.map(({ line, shortfall }) => [line.stockProduct, shortfall]));
  return sold
    .toReversed()
    .map(({ line }) => {
      const past = Math.min(left.get(line.stockProduct) ?? 0, line.stockQuantity);
      left.set(line.stockProduct, (left.get(line.stockProduct) ?? 0) - past);
      return { ...line, pastCount: past };
    })
    .toReversed();
}

/**
 * Refuses an online weight of a loose product that is not one of its steps, or past the shop's
 * most per line (as many kilos or litres as it lets an order take pieces).
 * @throws AppError NOT_A_STEP, TOO_MANY_UNITS.
 */
function assertOnlineWeight(
  product: { name: string; unit: Unit; steps: number[] | null },
  quantity: number,
  { maxPerLine }: OnlineLimits,
): void {
  assertOneOfSteps(product, quantity);
  if (quantity > maxPerLine * 1000)
    throw new AppError(
      'TOO_MANY_UNITS',
      MESSAGES.tooManyUnits(product.name, formatQuantity(maxPerLine * 1000, product.unit)),
    );
}

/** @throws AppError NOT_A_STEP for a weight that is not one of the loose product's steps. */
function assertOneOfSteps(
  product: { name: string; unit: Unit; steps: number[] | null },
  quantity: number,
): void {
  const steps = product.steps ?? [];
  if (steps.includes(quantity)) return;
  const offered = steps.map((step) => formatQuantity(step, product.unit)).join(', ');
  throw new AppError(
    'NOT_A_STEP',
    `${product.name} is sold online in ${offered}: ${formatQuantity(quantity, product.unit)} is not one of them`,
  );
}
