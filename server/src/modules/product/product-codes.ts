/**
 * The live products' codes (docs/catalogue.md#codes): the till finds a product by its
 * barcode or its SKU, typed or scanned into one box, so a code names one live product whichever
 * field holds it. No two share a SKU (in any case) nor a barcode (unique indexes), nor is one's
 * barcode another's SKU (in any case, as the till reads a SKU): that last check spans two
 * columns, which no index can hold, so every writer of a code takes the lock below first.
 */
import type { EntityManager, InferKyselyDB } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { AppError } from '../../lib/errors.js';
import type { ProductSchema } from './product.entity.js';

type ProductTables = InferKyselyDB<typeof ProductSchema>;

/** A product's codes as a change sets them (absent: left as they are; null: none). */
export interface Codes {
  sku?: string | null;
  barcode?: string | null;
}

/** The advisory lock's key ('code' in ASCII). */
const PRODUCT_CODES = 0x63_6f_64_65;

/**
 * Holds the products' codes for the rest of transaction `tx`: writers of codes take it before
 * they check and before any product's row, so each check sees every code committed before it and
 * no two writers deadlock over it.
 */
export async function holdProductCodes(tx: EntityManager): Promise<void> {
  await sql`select pg_advisory_xact_lock(${PRODUCT_CODES})`.execute(tx.getKysely());
}

/** A live product holding one of the codes, and what it holds them as. */
export interface CodeHolder {
  id: string;
  name: string;
  sku: string | null;
  barcode: string | null;
}

/**
 * The live products holding any of `skus` or `barcodes`, as a SKU (in any case) or as a barcode
 * (a barcode exactly, a SKU's in any case). Each list is bounded by the request that sends it.
 */
export function codeHolders(
  em: EntityManager,
  { skus, barcodes }: { skus: string[]; barcodes: string[] },
): Promise<CodeHolder[]> {
  const anyCase = [...skus, ...barcodes].map((code) => code.toLowerCase());
  if (anyCase.length === 0) return Promise.resolve([]);
  return em
    .getKysely<ProductTables>()
    .selectFrom('products')
    .select(['id', 'name', 'sku', 'barcode'])
    .where('archived_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb(sql`lower(sku)`, '=', sql<string>`any(${anyCase}::text[])`),
        eb('barcode', '=', sql<string>`any(${barcodes}::text[])`),
        eb(
          sql`lower(barcode)`,
          '=',
          sql<string>`any(${skus.map((sku) => sku.toLowerCase())}::text[])`,
        ),
      ]),
    )
    .execute();
}

/** Which of the `sku` and `barcode` given `holder` holds, and how, if it holds one. */
export function codeClash(
  holder: CodeHolder,
  { sku, barcode }: Codes,
): { field: 'sku' | 'barcode'; message: string } | null {
  const same = (a: string | null | undefined, b: string | null | undefined) =>
    !!a && !!b && a.toLowerCase() === b.toLowerCase();
  const clash = (field: 'sku' | 'barcode', message: string) => ({ field, message });
  if (same(sku, holder.sku)) return clash('sku', `SKU ${sku} is already used by ${holder.name}`);
  if (same(sku, holder.barcode)) return clash('sku', `SKU ${sku} is the barcode of ${holder.name}`);
  if (barcode && barcode === holder.barcode)
    return clash('barcode', `barcode ${barcode} is already used by ${holder.name}`);
  if (same(barcode, holder.sku))
    return clash('barcode', `barcode ${barcode} is the SKU of ${holder.name}`);
  return null;
}

/** The codes of `fields` that `product` does not have yet: only those need to be free. */
export const changedCodes = (fields: Codes, product: Codes): Codes => ({
  ...(fields.sku !== product.sku && { sku: fields.sku }),
  ...(fields.barcode !== product.barcode && { barcode: fields.barcode }),
});

/**
 * @throws AppError CONFLICT, naming the product, when a live product other than `self` holds the
 * SKU or the barcode of `codes`, as either.
 */
export async function assertCodesFree(
  em: EntityManager,
  codes: Codes,
  self?: string,
): Promise<void> {
  const holders = await codeHolders(em, {
    skus: codes.sku ? [codes.sku] : [],
    barcodes: codes.barcode ? [codes.barcode] : [],
  });
  for (const holder of holders) {
    const clash = holder.id === self ? null : codeClash(holder, codes);
    if (clash) throw new AppError('CONFLICT', clash.message);
  }
}
