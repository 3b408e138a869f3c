import { CATALOGUE_COLUMNS, toRupees } from '@kirana/shared';
import type { EntityManager } from '@mikro-orm/postgresql';
import { spreadsheetCsv } from '../../lib/csv.js';
import { absoluteUrl } from '../upload/image-url.js';
import { ProductSchema } from './product.entity.js';

/**
 * The live catalogue as the import reads it (`GET /api/product/export`): the same columns, by
 * name, pictures as URLs under `publicUrl`, so that importing it again changes nothing. A cell,
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
  const rows = products.map((product) => ({
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
    images: product.images.map((image) => absoluteUrl(image, publicUrl)).join(';'),
  }));
  return spreadsheetCsv(rows, CATALOGUE_COLUMNS);
}
