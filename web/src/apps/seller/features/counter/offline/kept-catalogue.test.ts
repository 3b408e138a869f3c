import 'fake-indexeddb/auto';
import { COUNTER_CATALOGUE_PAGE, type KhataCustomer, type Product } from '@kirana/shared';
import type { IDBPDatabase } from 'idb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from '../../../../../lib/api-client';
import { aKhataCustomer } from '../../../../../test/khata';
import { aProduct } from '../../../../../test/products';
import { aShop } from '../../../../../test/shop';
import { openCounterDb, type CounterDb } from './counter-db';
import {
  KEPT_CATALOGUE_FRESH_MS,
  keepCatalogue,
  keepCustomer,
  keepCustomers,
  keepProduct,
  keepShop,
  keptCount,
  keptShop,
} from './kept-catalogue';

let db: IDBPDatabase<CounterDb>;
let databases = 0;

beforeEach(async () => {
  databases += 1;
  db = await openCounterDb(`kept-catalogue-${databases}`);
});

afterEach(() => {
  db.close();
  vi.restoreAllMocks();
});

/**
 * A server whose catalogue is `products` (in the order of their ids, as the server's) and whose
 * khata lists `customers`, answered at the fetch boundary; `fail(n)` makes its nth call from now
 * unreachable.
 */
function serverWith(products: Product[], customers: KhataCustomer[] = []) {
  const asked: string[] = [];
  let failAt = Infinity;
  const held: { products: Product[]; customers: KhataCustomer[] } = { products, customers };
  const server = Object.assign(held, {
    asked,
    fail: (nth: number) => (failAt = asked.length + nth),
    api: createApiClient({
      fetch: async (input): Promise<Response> => {
        const url = new URL(String(input), 'http://shop.test');
        asked.push(url.pathname + url.search);
        if (asked.length === failAt) throw new TypeError('Failed to fetch');
        if (url.pathname === '/api/counter/catalogue') {
          const after = url.searchParams.get('after');
          const live = [...held.products].sort((a, b) => (a._id < b._id ? -1 : 1));
          const rest = after === null ? live : live.filter(({ _id }) => _id > after);
          const page = rest.slice(0, COUNTER_CATALOGUE_PAGE);
          const more = rest.length > COUNTER_CATALOGUE_PAGE;
          return Response.json({
            success: true,
            products: page,
            next: more ? page.at(-1)!._id : null,
          });
        }
        if (url.pathname === '/api/khata/customers') {
          const page = Number(url.searchParams.get('page') ?? 1);
          const pages = Math.max(1, Math.ceil(held.customers.length / 2));
          return Response.json({
            success: true,
            customers: held.customers.slice((page - 1) * 2, page * 2),
            page,
            pages,
            total: held.customers.length,
            toCollect: 0,
          });
        }
        throw new Error(`the test's server has no ${url.pathname}`);
      },
    }),
  });
  return server;
}

const products = (count: number) => Array.from({ length: count }, () => aProduct());
const keptIds = async () => (await db.getAllKeys('products')).sort();
const ids = (list: readonly { _id: string }[]) => list.map((item) => item._id).sort();

describe('keepCatalogue', () => {
  it('keeps 10,000 products in pages of 500, each page written in one transaction', async () => {
    const server = serverWith(products(10_000));
    const puts = vi.spyOn(IDBObjectStore.prototype, 'put');
    const transaction = vi.spyOn(db, 'transaction');
    const told: number[] = [];

    const kept = await keepCatalogue(db, server.api, {
      onPage: ({ products }) => told.push(products),
    });

    expect(kept).toEqual({ products: 10_000, complete: true });
    expect(server.asked).toHaveLength(20);
    expect(told).toEqual(Array.from({ length: 20 }, (_, page) => (page + 1) * 500));
    const productPuts = puts.mock.contexts.filter(
      (store) => (store as IDBObjectStore).name === 'products',
    );
    expect(productPuts).toHaveLength(10_000);
    const pageWrites = transaction.mock.calls.filter(
      ([stores, mode]) =>
        mode === 'readwrite' && [stores].flat().some((name) => name === 'products'),
    );
    expect(pageWrites).toHaveLength(20);
  });

  it('resumes after an interruption from the page it stopped at', async () => {
    const server = serverWith(products(1_200));
    server.fail(3);

    const lost = await keepCatalogue(db, server.api).catch((error: unknown) => error);
    expect(lost).toBeInstanceOf(ApiError);
    expect(await keptCount(db)).toEqual({ products: 1_000, complete: false });

    // As after a reload: the pass goes on from the cursor kept.
    expect(await keepCatalogue(db, server.api)).toEqual({ products: 1_200, complete: true });
    const second = server.products[999]!._id;
    expect(server.asked).toEqual([
      '/api/counter/catalogue',
      `/api/counter/catalogue?after=${server.products[499]!._id}`,
      `/api/counter/catalogue?after=${second}`,
      `/api/counter/catalogue?after=${second}`,
    ]);
    expect(await keptIds()).toEqual(ids(server.products));
  });

  it('reads nothing while the whole catalogue is fresh, and passes again after an hour', async () => {
    const server = serverWith(products(3));
    const start = new Date('2026-11-02T04:00:00.000Z');
    await keepCatalogue(db, server.api, { now: () => start });
    server.asked.length = 0;

    const soon = new Date(start.getTime() + KEPT_CATALOGUE_FRESH_MS - 1);
    await keepCatalogue(db, server.api, { now: () => soon });
    expect(server.asked).toEqual([]);

    const later = new Date(start.getTime() + KEPT_CATALOGUE_FRESH_MS + 1);
    await keepCatalogue(db, server.api, { now: () => later });
    expect(server.asked).toEqual(['/api/counter/catalogue']);
  });

  it('forgets, in a new pass, the products the catalogue no longer has', async () => {
    const server = serverWith(products(1_100));
    await keepCatalogue(db, server.api);
    const [first, , third] = server.products;
    // Archived or deleted since: one in each of the three pages, and the last one.
    const gone = new Set([first!._id, server.products[700]!._id, server.products.at(-1)!._id]);
    server.products = [...server.products.filter(({ _id }) => !gone.has(_id)), aProduct()];

    const kept = await keepCatalogue(db, server.api, { renew: true });

    expect(kept).toEqual({ products: 1_098, complete: true });
    expect(await keptIds()).toEqual(ids(server.products));
    expect(await db.get('products', third!._id)).toBeDefined();
  });

  it('forgets every product when the catalogue has none left', async () => {
    const server = serverWith(products(2));
    await keepCatalogue(db, server.api);
    server.products = [];

    expect(await keepCatalogue(db, server.api, { renew: true })).toEqual({
      products: 0,
      complete: true,
    });
  });

  it('keeps a copy the live feed laid in that is newer than the page read', async () => {
    const server = serverWith(products(2));
    const [milk] = server.products;
    await keepProduct(db, { ...milk!, price: 60, updatedAt: '2026-11-02T04:00:00.000Z' });

    await keepCatalogue(db, server.api);

    expect((await db.get('products', milk!._id))?.product.price).toBe(60);
  });

  it('stops when aborted, keeping the pages read for the next pass to go on from', async () => {
    const server = serverWith(products(1_200));
    const controller = new AbortController();
    const kept = keepCatalogue(db, server.api, {
      signal: controller.signal,
      onPage: () => controller.abort(),
    });

    await expect(kept).rejects.toThrow();
    expect(await keptCount(db)).toEqual({ products: 500, complete: false });
  });
});

describe('keepProduct', () => {
  it('lays in a product changed live, found again by its new barcode', async () => {
    const tea = aProduct({ name: 'Tea', barcode: '8901234567890' });
    await keepProduct(db, tea);
    const changed = { ...tea, barcode: '8900000000017', updatedAt: '2026-11-02T04:00:00.000Z' };

    await keepProduct(db, changed);

    expect(await db.getFromIndex('products', 'barcode', '8900000000017')).toMatchObject({
      product: changed,
    });
    expect(await db.getFromIndex('products', 'barcode', '8901234567890')).toBeUndefined();
  });

  it('forgets a product archived live', async () => {
    const tea = aProduct({ name: 'Tea' });
    await keepProduct(db, tea);

    await keepProduct(db, { ...tea, archivedAt: '2026-11-02T04:00:00.000Z' });

    expect(await db.get('products', tea._id)).toBeUndefined();
  });

  it('leaves the kept copy when an older one comes late', async () => {
    const tea = aProduct({ name: 'Tea', price: 60, updatedAt: '2026-11-02T04:00:00.000Z' });
    await keepProduct(db, tea);

    await keepProduct(db, { ...tea, price: 50, updatedAt: '2026-11-01T04:00:00.000Z' });

    expect((await db.get('products', tea._id))?.product.price).toBe(60);
  });
});

describe('the shop and the khata customers kept', () => {
  it('keeps the shop as last seen', async () => {
    expect(await keptShop(db)).toBeUndefined();
    const shop = aShop({ name: 'Sharma Kirana' });

    await keepShop(db, shop);

    expect(await keptShop(db)).toEqual(shop);
  });

  it('keeps every khata customer, page by page, forgetting those no longer listed', async () => {
    const customers = ['Meena', 'Ramesh', 'Sunita'].map((name, index) =>
      aKhataCustomer({ _id: `customer-${index}`, name }),
    );
    const server = serverWith([], customers);
    await keepCustomers(db, server.api);
    expect(server.asked).toEqual(['/api/khata/customers', '/api/khata/customers?page=2']);
    server.customers = customers.slice(1);

    expect(await keepCustomers(db, server.api)).toBe(2);

    expect(ids(await db.getAll('customers'))).toEqual(ids(customers.slice(1)));
  });

  it('keeps what was kept when a page of customers cannot be read', async () => {
    const server = serverWith([], [aKhataCustomer({ _id: 'a' }), aKhataCustomer({ _id: 'b' })]);
    await keepCustomers(db, server.api);
    server.customers = [aKhataCustomer({ _id: 'c' })];
    server.fail(1);

    await expect(keepCustomers(db, server.api)).rejects.toBeInstanceOf(ApiError);

    expect((await db.getAllKeys('customers')).sort()).toEqual(['a', 'b']);
  });

  it('lays in a customer changed live, with the balance and limit now', async () => {
    const meena = aKhataCustomer({ balance: 450 });
    await keepCustomer(db, meena);

    await keepCustomer(db, { ...meena, balance: 900, creditLimit: 3000 });

    expect(await db.get('customers', meena._id)).toMatchObject({ balance: 900, creditLimit: 3000 });
  });
});
