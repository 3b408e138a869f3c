import { randomUUID } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import {
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type Page,
  type TestInfo,
} from '@playwright/test';

/** The dev/test seller account, used when SELLER_EMAIL / SELLER_PASSWORD are unset. */
export const SELLER = { email: 'admin@kirana.local', password: 'kirana-admin' };

/** A short id that keeps names, emails and phone numbers of parallel tests apart. */
export function uniqueSuffix(): string {
  return randomUUID().replace(/-/g, '').slice(0, 8);
}

/** The toast with `text` (notistack shows each in a #notistack-snackbar element). */
export function toast(page: Page, text: string) {
  return page.locator('#notistack-snackbar').filter({ hasText: text });
}

/** Logs in through the seller login form at /seller and waits for the seller layout. */
export async function logInAsSeller(page: Page): Promise<void> {
  await page.goto('/seller');
  await page.getByLabel('Email').fill(SELLER.email);
  await page.getByLabel('Password').fill(SELLER.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Hi! Admin')).toBeVisible();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, checksum]);
}

/** A valid PNG of one colour, made in memory for upload tests. */
export function solidPng(rgb: readonly [number, number, number], size = 32): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // truecolour RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array(size).fill(rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

interface CatalogueProduct {
  _id: string;
  name: string;
  category: string;
  image: string[];
  inStock: boolean;
  offerPrice: number;
}

/** The whole catalogue as `GET /api/product/list` answers it. */
export async function catalogue(request: APIRequestContext): Promise<CatalogueProduct[]> {
  const response = await request.get('/api/product/list');
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { products: CatalogueProduct[] }).products;
}

export interface PlacedOrder {
  id: string;
  amount: number;
  address: {
    firstName: string;
    lastName: string;
    street: string;
    city: string;
    state: string;
    zipcode: string;
    country: string;
    phone: string;
  };
  items: { name: string; quantity: number }[];
}

async function ok(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<unknown> {
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

/**
 * A new shopper places a cash-on-delivery order of two in-stock products (2 × and 1 ×) through
 * the API, in `request`'s own cookie jar; answers what the seller should see.
 */
export async function placeShopperOrder(request: APIRequestContext): Promise<PlacedOrder> {
  const suffix = uniqueSuffix();
  const email = `seller-e2e-${suffix}@example.com`;
  await ok(
    await request.post('/api/user/register', {
      data: { name: `Meera ${suffix}`, email, password: 'fresh-veggies-8' },
    }),
  );
  const address = {
    firstName: 'Meera',
    lastName: `Iyer${suffix}`,
    email,
    street: `${suffix.slice(0, 3)} Residency Road`,
    city: 'Chennai',
    state: 'Tamil Nadu',
    zipcode: '600028',
    country: 'India',
    phone: '9840012345',
  };
  const saved = (await ok(await request.post('/api/address/add', { data: { address } }))) as {
    address: { _id: string };
  };

  const [first, second] = (await catalogue(request)).filter((product) => product.inStock);
  expect(second, 'the demo catalogue has two products in stock').toBeDefined();
  const lines = [
    { product: first!, quantity: 2 },
    { product: second!, quantity: 1 },
  ];
  await ok(
    await request.post('/api/order/cod', {
      data: {
        items: lines.map(({ product, quantity }) => ({ product: product._id, quantity })),
        address: saved.address._id,
      },
    }),
  );

  const mine = (await (await request.get('/api/order/user')).json()) as {
    orders: { _id: string; amount: number }[];
  };
  const order = mine.orders[0]!;
  return {
    id: order._id,
    amount: order.amount,
    address,
    items: lines.map(({ product, quantity }) => ({ name: product.name, quantity })),
  };
}

/** Changes the shop's settings as the seller, through the API. */
export async function setShop(
  testInfo: TestInfo,
  settings: Record<string, unknown>,
): Promise<void> {
  const api = await playwrightRequest.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    expect((await api.post('/api/seller/login', { data: SELLER })).ok()).toBe(true);
    const saved = await api.put('/api/shop', { data: settings });
    expect(saved.ok(), await saved.text()).toBe(true);
  } finally {
    await api.dispose();
  }
}
