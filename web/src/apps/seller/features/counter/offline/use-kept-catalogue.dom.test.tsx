import 'fake-indexeddb/auto';
import type { KhataCustomer, Product } from '@kirana/shared';
import { renderHook, waitFor } from '@testing-library/react';
import type { IDBPDatabase } from 'idb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../../../lib/query-client';
import { aKhataCustomer } from '../../../../../test/khata';
import { aProduct } from '../../../../../test/products';
import { aShop } from '../../../../../test/shop';
import { answer, answeredBy } from '../../../../../test/store';
import { openCounterDb, type CounterDb } from './counter-db';
import { keptShop } from './kept-catalogue';
import { keptCatalogueChanged, keptCustomerChanged, keptProductChanged } from './kept-live-events';
import { useKeptCatalogue } from './use-kept-catalogue';

/* The Counter page's keeper: what it reads in the background and what the live feed lays in. */

const opened = vi.hoisted(() => ({ db: undefined as Promise<unknown> | undefined }));
vi.mock(import('./counter-db'), async (importOriginal) => ({
  ...(await importOriginal()),
  counterDb: () => opened.db as Promise<IDBPDatabase<CounterDb>>,
}));

let databases = 0;
let db: IDBPDatabase<CounterDb>;
beforeEach(async () => {
  databases += 1;
  db = await openCounterDb(`use-kept-catalogue-${databases}`);
  opened.db = Promise.resolve(db);
});
afterEach(() => db.close());

const server = {
  products: [] as Product[],
  customers: [] as KhataCustomer[],
  asked: [] as string[],
};
beforeEach(() => {
  server.products = [aProduct(), aProduct(), aProduct()];
  server.customers = [aKhataCustomer({ _id: 'meena' })];
  server.asked = [];
});
answeredBy(async (url) => {
  server.asked.push(url);
  if (url.startsWith('/api/counter/catalogue'))
    return answer({ success: true, products: server.products, next: null });
  if (url.startsWith('/api/khata/customers'))
    return answer({
      success: true,
      customers: server.customers,
      page: 1,
      pages: 1,
      total: server.customers.length,
      toCollect: 0,
    });
  throw new Error(`the test's server has no ${url}`);
});

const shop = aShop({ name: 'Sharma Kirana' });

describe('useKeptCatalogue', () => {
  it('keeps the shop, the catalogue and the khata customers, and says how many products', async () => {
    const { result } = renderHook(() => useKeptCatalogue(shop));

    await waitFor(() => expect(result.current).toEqual({ products: 3, complete: true }));
    expect(await keptShop(db)).toEqual(shop);
    expect(await db.getAllKeys('customers')).toEqual(['meena']);
  });

  it('reads the catalogue whole when mounted twice (strict mode), one read after the other', async () => {
    const { result } = renderHook(() => useKeptCatalogue(shop), { reactStrictMode: true });

    await waitFor(() => expect(result.current).toEqual({ products: 3, complete: true }));
  });

  it('reads nothing while offline, and reads once the connection is back', async () => {
    const { result, rerender } = renderHook(({ online }) => useKeptCatalogue(shop, online), {
      initialProps: { online: false },
    });
    await waitFor(async () => expect(await keptShop(db)).toEqual(shop));
    expect(server.asked).toEqual([]);

    rerender({ online: true });

    await waitFor(() => expect(result.current).toEqual({ products: 3, complete: true }));
  });

  it('lays in the live feed’s products and customers, and reads the catalogue again after an import', async () => {
    const { result } = renderHook(() => useKeptCatalogue(shop));
    await waitFor(() => expect(result.current.products).toBe(3));
    const [tea] = server.products;

    keptProductChanged(queryClient, { ...tea!, archivedAt: '2026-11-02T04:00:00.000Z' });
    await waitFor(() => expect(result.current.products).toBe(2));
    keptCustomerChanged(queryClient, aKhataCustomer({ _id: 'meena', balance: 900 }));
    await waitFor(async () => expect((await db.get('customers', 'meena'))?.balance).toBe(900));

    server.asked = [];
    server.products = [...server.products.slice(1), aProduct(), aProduct()];
    keptCatalogueChanged(queryClient);
    await waitFor(() => expect(result.current).toEqual({ products: 4, complete: true }));
    expect(server.asked).toEqual(['/api/counter/catalogue']);
  });

  it('stops laying in the live feed’s products once the Counter closes', async () => {
    const { result, unmount } = renderHook(() => useKeptCatalogue(shop));
    await waitFor(() => expect(result.current.products).toBe(3));
    unmount();

    keptProductChanged(queryClient, aProduct());
    keptCatalogueChanged(queryClient);

    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await db.count('products')).toBe(3);
  });
});
