/**
 * What a code scanned or typed at the till names (docs/counter.md#weighing-scale-labels): a
 * live product by its barcode, or else its SKU, or else a weighing scale's label, which names a
 * loose product by its scale code and says how much of it. Written with Kysely.
 */
import {
  labelQuantity,
  parseScaleLabel,
  type ScaleLabel,
  type ScaleLabelSetting,
} from '@kirana/shared';
import type { EntityManager, Kysely } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { AppError } from '../../lib/errors.js';
import { readShop } from '../shop/shop.service.js';
import type { CounterTables } from './counter.entity.js';

/** A code read: its product and, for a scale label, the label's grams (millilitres). */
export interface CodeReading {
  product: string;
  quantity?: number;
}

/**
 * The live products with these barcodes or SKUs, with the code each was found by: those found
 * by barcode first (a code that is one product's barcode and another's SKU is the barcode's).
 */
function productsByCode(db: Kysely<CounterTables>, codes: readonly string[]) {
  const lower = codes.map((code) => code.toLowerCase());
  return db
    .selectFrom('products')
    .select(['id', 'barcode', sql<string | null>`lower(sku)`.as('sku')])
    .where('archived_at', 'is', null)
    .where((eb) => eb.or([eb('barcode', 'in', codes), eb(sql`lower(sku)`, 'in', lower)]))
    .orderBy(sql`coalesce(barcode in (${sql.join(codes)}), false)`, 'desc')
    .execute();
}

/**
 * What each of `codes` names, in their order, undefined for a code that is no product's nor a
 * label (two reads at most: the codes, then the scale codes of those that are labels, with the
 * shop's label settings when one is).
 * @throws AppError SCALE_LABEL_INVALID for a label that does not read (its check digit, a prefix the shop has not
 * set, no value, a scale code no live product has, a price below half a gram's).
 */
export async function readCodes(
  em: EntityManager,
  codes: readonly string[],
): Promise<Array<CodeReading | undefined>> {
  const db = em.getKysely<CounterTables>();
  const found = await productsByCode(db, codes);
  // SKUs first, barcodes over them: a barcode names its product before any SKU does.
  const byCode = new Map<string, string>();
  for (const product of found) if (product.sku) byCode.set(product.sku, product.id);
  for (const product of found) if (product.barcode) byCode.set(product.barcode, product.id);
  const named = (code: string) => byCode.get(code) ?? byCode.get(code.toLowerCase());
  const unnamed = codes.filter((code) => !named(code));
  const labels = unnamed.length === 0 ? new Map() : await readLabels(em, unnamed);
  return codes.map((code) => {
    const product = named(code);
    if (product) return { product };
    return labels.get(code);
  });
}

/**
 * The scale labels among `codes` (none of them a product's barcode or SKU), read by the shop's
 * settings: each its loose product and grams.
 * @throws AppError SCALE_LABEL_INVALID as readCodes.
 */
async function readLabels(
  em: EntityManager,
  codes: readonly string[],
): Promise<Map<string, CodeReading>> {
  const { scaleLabels } = await readShop(em);
  const read = codes.flatMap((code) => {
    const label = labelOf(code, scaleLabels);
    return label ? [{ code, label }] : [];
  });
  if (read.length === 0) return new Map();
  const products = await em
    .getKysely<CounterTables>()
    .selectFrom('products')
    .select(['id', 'name', 'scale_code', 'unit', 'offer_price_paise'])
    .where('archived_at', 'is', null)
    .where(
      'scale_code',
      'in',
      read.map(({ label }) => label.scaleCode),
    )
    .execute();
  return new Map(
    read.map(({ code, label }) => {
      const product = products.find((row) => row.scale_code === label.scaleCode);
      if (!product)
        throw new AppError(
          'SCALE_LABEL_INVALID',
          `The label ${code} is for scale code ${label.scaleCode}, which no product has: set it on the product, or check the scale`,
        );
      const quantity = labelQuantity(label, {
        unitPrice: product.offer_price_paise,
        unit: product.unit,
      });
      if (quantity === 0)
        throw new AppError(
          'SCALE_LABEL_INVALID',
          `The label ${code} is for less than a gram of ${product.name}: weigh it again`,
        );
      return [code, { product: product.id, quantity }];
    }),
  );
}

/**
 * `code` read as a scale label, or null when it is no label at all (not 13 digits beginning with
 * 2).
 * @throws AppError SCALE_LABEL_INVALID when it is a label, or a misread code, that does not read.
 */
function labelOf(code: string, scaleLabels: readonly ScaleLabelSetting[]): ScaleLabel | null {
  // Outside the range kept for a shop's own codes, an unknown code is no product's, whatever its
  // check digit.
  if (!code.trim().startsWith('2')) return null;
  const reading = parseScaleLabel(code, scaleLabels);
  if (reading.ok) return reading.label;
  if (reading.problem === 'not-ean13' || reading.problem === 'not-scale-label') return null;
  throw new AppError('SCALE_LABEL_INVALID', reading.message);
}
