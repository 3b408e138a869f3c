import type { CategoryDto, Order, Product, ProductPageAnswer, User } from '@kirana/shared';
import {
  QueryObserver,
  type InfiniteData,
  type QueryKey,
  type QueryObserverOptions,
} from '@tanstack/react-query';
import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userAtom } from './session/user';
import { userOrderQueries } from './features/orders/queries';
import type { ProductSearch } from '../../common/catalogue/api/search-products';
import { categoryQueries, productQueries } from '../../common/catalogue/queries';
import { queryClient } from '../../lib/query-client';
import { openLiveFeed, POLL_MS, REJOIN_AFTER_SERVER_DISCONNECT_MS } from '../../lib/socket';
import { anOrder, at } from '../../test/orders';
import { aCategory, aPage, aProduct } from '../../test/products';
import { lastSocket, settled, type FakeSocket } from '../../test/socket';
import { shopLiveFeed } from './live-feed';

const mocks = vi.hoisted(() => ({
  searchProducts: vi.fn<(api: unknown, search: ProductSearch) => Promise<ProductPageAnswer>>(),
  getProductItems: vi.fn<(api: unknown, ids: readonly string[]) => Promise<Product[]>>(),
  getCategories: vi.fn<() => Promise<CategoryDto[]>>(),
  getUserOrders: vi.fn<() => Promise<Order[]>>(),
  getUserAuth: vi.fn<() => Promise<User | null>>(),
  toast: { success: vi.fn(), error: vi.fn() },
}));

vi.mock('socket.io-client', async () => (await import('../../test/socket')).fakeSocketIo);
vi.mock(import('../../common/catalogue/api/search-products'), async (importOriginal) => ({
  ...(await importOriginal()),
  searchProducts: mocks.searchProducts,
}));
vi.mock('../../common/catalogue/api/get-product-items', () => ({
  getProductItems: mocks.getProductItems,
}));
vi.mock('../../common/catalogue/api/get-categories', () => ({
  getCategories: mocks.getCategories,
}));
vi.mock('./features/orders/api/get-user-orders', () => ({
  getUserOrders: mocks.getUserOrders,
}));
vi.mock('./session/api/get-user-auth', () => ({ getUserAuth: mocks.getUserAuth }));
vi.mock('../../lib/toast', () => ({ toast: mocks.toast }));

const asha: User = { _id: 'shopper-1', name: 'Asha', email: 'asha@example.com', cartItems: {} };
const ashasOrder = (minute: number) => anOrder(minute, { userId: asha._id });

let store: ReturnType<typeof createStore>;
let socket: FakeSocket;
let close: () => void;
/** Stops the screens that `watched` mounted. */
let unmount: (() => void)[] = [];

/** Mounts a screen that shows `query`, once its data has loaded; answers what it renders. */
async function watched<T, K extends QueryKey>(query: QueryObserverOptions<T, Error, T, T, K>) {
  const observer = new QueryObserver(queryClient, query);
  unmount.push(observer.subscribe(() => {}));
  await vi.waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true));
  return (): T | undefined => observer.getCurrentResult().data;
}

/** Whether the data held under `queryKey` has been marked to be asked again. */
const invalidated = (queryKey: QueryKey) => queryClient.getQueryState(queryKey)?.isInvalidated;

/**
 * The socket connects, as it does once the screens have loaded, and the refetch that every
 * connect runs has settled.
 */
async function connect() {
  socket.accept();
  await settled();
}

beforeEach(async () => {
  vi.clearAllMocks();
  queryClient.clear();
  mocks.searchProducts.mockResolvedValue(aPage([]));
  mocks.getProductItems.mockResolvedValue([]);
  mocks.getCategories.mockResolvedValue([]);
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  mocks.getUserAuth.mockResolvedValue(asha);
  store = createStore();
  store.set(userAtom, asha);
  close = openLiveFeed(store, queryClient, 'shop', shopLiveFeed(store));
  await vi.dynamicImportSettled();
  socket = lastSocket();
});

afterEach(() => {
  for (const stop of unmount) stop();
  unmount = [];
  close();
  queryClient.clear();
  vi.useRealTimers();
});

describe('the live storefront', () => {
  it('lays a changed product into every list that holds it, and ignores an older copy', async () => {
    const [milk, bread] = [aProduct({ name: 'Milk' }), aProduct({ name: 'Bread' })];
    await connect();
    const cart = productQueries.items([bread._id, milk._id]).queryKey;
    const bestSellers = productQueries.bestSellers().queryKey;
    const dairyPages = productQueries.pages({ category: 'Dairy', inStock: true }, 1).queryKey;
    queryClient.setQueryData(cart, [milk, bread]);
    queryClient.setQueryData(bestSellers, aPage([milk, bread]));
    queryClient.setQueryData<InfiniteData<ProductPageAnswer>>(dairyPages, {
      pages: [aPage([bread]), aPage([milk])],
      pageParams: [1, 2],
    });

    const dearer = { ...milk, offerPrice: 55, inStock: false, updatedAt: at(5) };
    socket.fire('product:updated', dearer);
    socket.fire('product:updated', { ...milk, name: 'Stale Milk', updatedAt: at(1) });

    expect(queryClient.getQueryData(cart)).toEqual([dearer, bread]);
    expect(queryClient.getQueryData(bestSellers)?.products).toEqual([dearer, bread]);
    expect(queryClient.getQueryData(dairyPages)?.pages.map((page) => page.products)).toEqual([
      [bread],
      [dearer],
    ]);
    // The short lists it may have left or joined are asked again; the scrolled pages keep order.
    expect(invalidated(bestSellers)).toBe(true);
    expect(invalidated(cart)).toBe(false);
    expect(invalidated(dairyPages)).toBe(false);
  });

  it('takes a product switched out of stock out of the best sellers on screen, and adds a new one', async () => {
    const [milk, bread] = [aProduct({ name: 'Milk' }), aProduct({ name: 'Bread' })];
    mocks.searchProducts.mockResolvedValue(aPage([milk, bread]));
    const bestSellers = await watched(productQueries.bestSellers());
    await connect();
    expect(bestSellers()?.products).toEqual([milk, bread]);

    // The server now lists what is in stock: bread, and eggs just added.
    const eggs = aProduct({ name: 'Eggs', createdAt: at(6), updatedAt: at(6) });
    mocks.searchProducts.mockResolvedValue(aPage([bread, eggs]));
    socket.fire('product:updated', { ...milk, inStock: false, updatedAt: at(5) });
    socket.fire('product:updated', eggs);
    await settled();

    expect(bestSellers()?.products.map((product) => product.name)).toEqual(['Bread', 'Eggs']);
    expect(mocks.searchProducts).toHaveBeenLastCalledWith(
      expect.anything(),
      { inStock: true, limit: 5 },
      expect.anything(),
    );
  });

  it('asks the products again after many changed, and the categories after the seller changed them', async () => {
    const fruits = aCategory('Fresh Fruits', 'Fruits');
    const dairy = aCategory('Dairy & Bread', 'Dairy');
    mocks.getCategories.mockResolvedValue([fruits]);
    const tiles = await watched(categoryQueries.shown());
    await connect();
    const cart = productQueries.items(['a']).queryKey;
    const search = productQueries.search({ q: 'milk' }).queryKey;
    queryClient.setQueryData(cart, [aProduct()]);
    queryClient.setQueryData(search, aPage([aProduct()]));

    socket.fire('catalogue:updated');
    expect(invalidated(cart)).toBe(true);
    expect(invalidated(search)).toBe(true);
    expect(invalidated(categoryQueries.shown().queryKey)).toBe(false);

    mocks.getCategories.mockResolvedValue([fruits, { ...dairy, hidden: true }]);
    socket.fire('categories:updated');
    await settled();
    expect(tiles()).toEqual([fruits]);
    mocks.getCategories.mockResolvedValue([dairy, fruits]);
    socket.fire('categories:updated');
    await settled();
    expect(tiles()).toEqual([dairy, fruits]);
    expect(mocks.getCategories).toHaveBeenCalledTimes(4); // the load, the connect, two events
  });

  it('after the stream was down, asks again every product and category list it holds', async () => {
    const milk = aProduct({ name: 'Milk' });
    mocks.searchProducts.mockResolvedValue(aPage([milk]));
    const bestSellers = await watched(productQueries.bestSellers());
    await connect();
    const cart = productQueries.items([milk._id]).queryKey;
    const tiles = categoryQueries.shown().queryKey;
    queryClient.setQueryData(cart, [milk]);
    queryClient.setQueryData(tiles, [aCategory('Fresh Fruits', 'Fruits')]);

    socket.drop('transport close');
    // Missed while down: milk went out of stock.
    mocks.searchProducts.mockResolvedValue(aPage([]));
    await connect();

    expect(invalidated(cart)).toBe(true);
    expect(invalidated(tiles)).toBe(true);
    expect(bestSellers()?.products).toEqual([]);
  });

  it("follows the shopper's orders, Pending to Picked to Delivered and paid, newest first", async () => {
    const placed = ashasOrder(1);
    mocks.getUserOrders.mockResolvedValue([placed]);
    const orders = await watched(userOrderQueries.list(asha._id));
    await connect();

    const fresh = ashasOrder(2);
    socket.fire('order:created', fresh);
    const delivered = { ...placed, status: 'Delivered' as const, isPaid: true, updatedAt: at(30) };
    socket.fire('order:updated', delivered);
    socket.fire('order:updated', { ...placed, status: 'Picked' as const, updatedAt: at(20) });

    expect(orders()).toEqual([fresh, delivered]);
  });

  it('keeps a live order that a refetch sent before it was placed does not have', async () => {
    const placed = ashasOrder(1);
    mocks.getUserOrders.mockResolvedValue([placed]);
    const orders = await watched(userOrderQueries.list(asha._id));
    await connect();

    const fresh = ashasOrder(2);
    const picked = { ...placed, status: 'Picked' as const, updatedAt: at(20) };
    socket.fire('order:created', fresh);
    socket.fire('order:updated', picked);
    // The catch-up's answer left the server before both events.
    socket.drop('transport close');
    await connect();

    expect(orders()).toEqual([fresh, picked]);
  });

  it('shows no order of an earlier shopper that arrives after the logout', async () => {
    mocks.getUserOrders.mockResolvedValue([]);
    const orders = await watched(userOrderQueries.list(asha._id));
    await connect();
    store.set(userAtom, null);

    socket.fire('order:updated', ashasOrder(1));

    expect(orders()).toEqual([]);
  });

  it('logs this tab out when the stream ends because the session ended elsewhere', async () => {
    mocks.getUserOrders.mockResolvedValue([]);
    await watched(userOrderQueries.list(asha._id));
    await connect();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });

    mocks.getUserAuth.mockResolvedValue(null);
    socket.drop('io server disconnect');
    await vi.advanceTimersByTimeAsync(REJOIN_AFTER_SERVER_DISCONNECT_MS);

    expect(store.get(userAtom)).toBeNull();
  });

  it('polls My Orders every 30 s while the stream is down and the page is open', async () => {
    mocks.getUserOrders.mockResolvedValue([]);
    const orders = await watched(userOrderQueries.list(asha._id));
    await connect();
    mocks.getUserOrders.mockClear();
    const cart = productQueries.items(['a']).queryKey;
    queryClient.setQueryData(cart, [aProduct()]);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });

    socket.drop('transport close');
    const picked = { ...ashasOrder(1), status: 'Picked' as const };
    mocks.getUserOrders.mockResolvedValue([picked]);
    await vi.advanceTimersByTimeAsync(POLL_MS);

    expect(mocks.getUserOrders).toHaveBeenCalledOnce();
    expect(orders()).toEqual([picked]);
    // The products no screen shows are only marked, and asked when shown again.
    expect(invalidated(cart)).toBe(true);
    expect(mocks.getProductItems).not.toHaveBeenCalled();
    expect(mocks.searchProducts).not.toHaveBeenCalled();
  });
});
