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
 * Imports one product of the shop's own (a unique name; `stockCount` units when given; the code
 * on its pack, `barcode`, when given) into the real shop's store, and answers its id.
 */
export async function importProduct(
  name: string,
  stockCount: number | null,
  barcode = '',
): Promise<string> {
  return importRow(
    name,
    `name,category,price,offerPrice,stockCount,barcode\n${name},Bakery,120,110,${stockCount ?? ''},${barcode}\n`,
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
  return importRow(
    name,
    `name,category,price,offerPrice,stockCount,barcode,unit,scaleCode\n${name},Vegetables,${offerPrice},${offerPrice},${grams},${barcode},kg,${scaleCode}\n`,
  );
}

interface LooseProduct {
  offerPrice: number;
  grams: number;
  barcode: string;
  scaleCode: string;
}

/** Imports the one product of `csv`, named `name`, and answers its id. */
async function importRow(name: string, csv: string): Promise<string> {
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
    const found = (await (
      await api.get(`/api/product/search?q=${encodeURIComponent(name)}`)
    ).json()) as { products: { _id: string; name: string }[] };
    const product = found.products.find((candidate) => candidate.name === name);
    expect(product, name).toBeDefined();
    return product!._id;
  } finally {
    await api.dispose();
  }
}
