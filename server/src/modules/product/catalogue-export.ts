import { CATALOGUE_COLUMNS, toRupees, type CatalogueColumn, type UnitFields } from '@kirana/shared';
import type { EntityManager } from '@mikro-orm/postgresql';
import { spreadsheetCsv } from '../../lib/csv.js';
import { absoluteUrl } from '../upload/image-url.js';
import { ProductSchema, type Product } from './product.entity.js';

/** What a row of the catalogue's file says of a product. */
export type CatalogueProduct = Pick<
  Product,
  | 'sku'
  | 'name'
  | 'category'
  | 'pricePaise'
  | 'offerPricePaise'
  | 'description'
  | 'weight'
  | 'barcode'
  | 'inStock'
  | 'stockCount'
  | 'images'
  | 'hsn'
  | 'gstRate'
  | keyof UnitFields
>;

/** How a file names a product's pictures, and the loose product a pack draws from. */
export interface CatalogueNames {
  picture: (image: string) => string;
  /** The loose product of id `id` by its SKU, or by the id itself when it has none. */
  loose: (id: string) => string;
}

/** A product's cells as the catalogue's file writes them, pictures and drawsFrom by `names`. */
export function catalogueCells(
  product: CatalogueProduct,
  { picture, loose }: CatalogueNames,
): Record<CatalogueColumn, string> {
  return {
    sku: product.sku ?? '',
    name: product.name,
    category: product.category,
    price: toRupees(product.pricePaise).toFixed(2),
    offerPrice: toRupees(product.offerPricePaise).toFixed(2),
    description: product.description.join('|'),
    weight: product.weight ?? '',
    barcode: product.barcode ?? '',
    inStock: String(product.inStock),
    stockCount: product.stockCount === null ? '' : String(product.stockCount),
    // The count this file read: brought back, its count applies only while the product's is it.
    stockCountRead: product.stockCount === null ? '' : String(product.stockCount),
    images: product.images.map(picture).join(';'),
    unit: product.unit,
    steps: product.steps?.join('|') ?? '',
    scaleCode: product.scaleCode ?? '',
    family: product.family ?? '',
    packLabel: product.packLabel ?? '',
    drawsFrom: product.drawsFrom ? loose(product.drawsFrom) : '',
    packQuantity: product.packQuantity === null ? '' : String(product.packQuantity),
    hsn: product.hsn ?? '',
    // In percent, as the seller writes it: kept in hundredths.
    gstRate:
      product.gstRate === null || product.gstRate === undefined
        ? ''
        : String(product.gstRate / 100),
  };
}

/**
 * The live catalogue as the import reads it (`GET /api/product/export`): the same columns, by
 * name, pictures as URLs under `publicUrl` and the loose product a pack draws from by its SKU,
 * so that importing it again changes nothing. A cell,
 * or a line of one, that a spreadsheet would run as a formula is written as text (a leading
 * apostrophe, which the import takes off).
 */
export async function exportCatalogue(
  em: EntityManager,
  publicUrl: string | undefined,
): Promise<string> {
  const products = await em.find(
    ProductSchema,
    { archivedAt: null },
    { orderBy: { name: 'asc', id: 'asc' } },
  );
  // A pack draws only from a live product (archiving one that packs draw from is refused).
  const codes = new Map(products.map((product) => [product.id, product.sku ?? product.id]));
  const names: CatalogueNames = {
    picture: (image) => absoluteUrl(image, publicUrl),
    loose: (id) => codes.get(id) ?? id,
  };
  const rows = products.map((product) => catalogueCells(product, names));
  return spreadsheetCsv(rows, CATALOGUE_COLUMNS);
}
