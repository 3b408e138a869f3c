import { request as newRequest } from '@playwright/test';
import { expect } from './fixtures';
import { SELLER } from './seller';
import { catalogueCsv } from './shop-catalogue';
import { SHOP_SCALE_PORT } from './storefront-host';

/**
 * The store of a real shop (playwright.config.ts): its own server on the embedded database,
 * which never seeded the demo, holding a catalogue imported through the seller's import.
 */
export const SCALE_URL = `http://127.0.0.1:${SHOP_SCALE_PORT}`;
export const SCALE_PRODUCTS = 2_000;

/**
 * Imports the shop's catalogue; run in each spec's beforeAll, as any spec may come first.
 * Again, every row is unchanged or put back as the file says.
 */
export async function importShopCatalogue(): Promise<void> {
  const api = await newRequest.newContext({ baseURL: SCALE_URL });
  try {
    expect((await api.post('/api/seller/login', { data: SELLER })).ok()).toBe(true);
    const imported = await api.post('/api/product/import', {
      multipart: {
        mode: 'apply',
        file: {
          name: 'catalogue.csv',
          mimeType: 'text/csv',
          buffer: catalogueCsv(SCALE_PRODUCTS),
        },
      },
      timeout: 120_000,
    });
    expect(imported.ok(), await imported.text()).toBe(true);
  } finally {
    await api.dispose();
  }
}

/**
 * Imports `csv` (the catalogue's columns, a header line then rows of products of the shop's own,
 * unique names) into the real shop's store, and answers the ids of the products it names, by
 * name, as a search for `q` finds them.
 */
export async function importRows(csv: string, q: string): Promise<Record<string, string>> {
  const api = await newRequest.newContext({ baseURL: SCALE_URL });
  try {
    expect((await api.post('/api/seller/login', { data: SELLER })).ok()).toBe(true);
    const imported = await api.post('/api/product/import', {
      multipart: {
        mode: 'apply',
        file: { name: 'product.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) },
      },
    });
    expect(imported.ok(), await imported.text()).toBe(true);
    // The seller's list answers each pack of a family; the storefront's search, a family once.
    const found = (await (
      await api.get(`/api/product/seller/list?q=${encodeURIComponent(q)}&limit=100`)
    ).json()) as { products: { _id: string; name: string }[] };
    return Object.fromEntries(found.products.map((product) => [product.name, product._id]));
  } finally {
    await api.dispose();
  }
}

/**
 * Imports one product of the shop's own (a unique name; `stockCount` units when given; the code
 * on its pack, `barcode`, when given) into the real shop's store, and answers its id.
 */
export async function importProduct(
  name: string,
  stockCount: number | null,
  barcode = '',
): Promise<string> {
  return importedId(
    `name,category,price,offerPrice,stockCount,barcode\n${name},Bakery,120,110,${stockCount ?? ''},${barcode}\n`,
    name,
  );
}

/**
 * Imports one loose product of the shop's own, sold by the kilo at `offerPrice` rupees a kilo,
 * `grams` counted, with the `barcode` on its crate and the `scaleCode` its scale prints on
 * labels, and answers its id.
 */
export function importLooseProduct(
  name: string,
  { offerPrice, grams, barcode, scaleCode }: LooseProduct,
): Promise<string> {
  return importedId(
    `name,category,price,offerPrice,stockCount,barcode,unit,scaleCode\n${name},Vegetables,${offerPrice},${offerPrice},${grams},${barcode},kg,${scaleCode}\n`,
    name,
  );
}

interface LooseProduct {
  offerPrice: number;
  grams: number;
  barcode: string;
  scaleCode: string;
}

/** Imports the one product of `csv`, named `name`, and answers its id. */
async function importedId(csv: string, name: string): Promise<string> {
  const id = (await importRows(csv, name))[name];
  expect(id, name).toBeDefined();
  return id!;
}
