import type { Order, Product, User } from '@kirana/shared';
import { createStore, type WritableAtom } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userAtom } from '../../features/auth/atoms/user';
import { userOrdersAtom } from '../../features/orders/atoms/orders';
import { productsAtom } from '../../features/products/atoms/products';
import { bestSellers, searchProducts } from '../../features/products/product-filters';
import {
  openLiveFeed,
  POLL_WHILE_DOWN_MS,
  REJOIN_AFTER_SERVER_DISCONNECT_MS,
} from '../../lib/socket';
import { anOrder, at } from '../../test/orders';
import { aProduct } from '../../test/products';
import { lastSocket, settled, type FakeSocket } from '../../test/socket';
import { shopLiveFeed } from './shop-live-feed';

const mocks = vi.hoisted(() => ({
  getProducts: vi.fn<() => Promise<Product[]>>(),
  getUserOrders: vi.fn<() => Promise<Order[]>>(),
  getUserAuth: vi.fn<() => Promise<User | null>>(),
  toast: { success: vi.fn(), error: vi.fn() },
}));

vi.mock('socket.io-client', async () => (await import('../../test/socket')).fakeSocketIo);
vi.mock('../../features/products/api/get-products', () => ({ getProducts: mocks.getProducts }));
vi.mock('../../features/orders/api/get-user-orders', () => ({
  getUserOrders: mocks.getUserOrders,
}));
vi.mock('../../features/auth/api/get-user-auth', () => ({ getUserAuth: mocks.getUserAuth }));
vi.mock('../../lib/toast', () => ({ toast: mocks.toast }));

const asha: User = { _id: 'shopper-1', name: 'Asha', email: 'asha@example.com', cartItems: {} };
const ashasOrder = (minute: number) => anOrder(minute, { userId: asha._id });

let store: ReturnType<typeof createStore>;
let socket: FakeSocket;
let close: () => void;

/** Mounts `list` as a screen does once it has loaded; answers what that screen renders. */
async function onScreen<T>(list: WritableAtom<T[] | Promise<T[]>, [], void>) {
  await store.get(list);
  store.sub(list, () => {});
  return (): T[] => {
    const value = store.get(list);
    if (value instanceof Promise) throw new Error('the screen would show its loading state');
    return value;
  };
}

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
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  mocks.getUserAuth.mockResolvedValue(asha);
  store = createStore();
  store.set(userAtom, asha);
  close = openLiveFeed(store, 'shop', shopLiveFeed);
  await vi.dynamicImportSettled();
  socket = lastSocket();
});

afterEach(() => {
  close();
  vi.useRealTimers();
});

describe('the live storefront', () => {
  it('takes a product switched out of stock out of the open lists, and adds a new one', async () => {
    const [milk, bread] = [aProduct({ name: 'Milk' }), aProduct({ name: 'Bread' })];
    mocks.getProducts.mockResolvedValue([milk, bread]);
    const catalogue = await onScreen(productsAtom);
    await connect();
    expect(bestSellers(catalogue())).toEqual([milk, bread]);

    socket.fire('product:updated', { ...milk, inStock: false, updatedAt: at(5) });
    const eggs = aProduct({ name: 'Eggs', createdAt: at(6), updatedAt: at(6) });
    socket.fire('product:updated', eggs);

    expect(searchProducts(catalogue(), '').map((product) => product.name)).toEqual([
      'Bread',
      'Eggs',
    ]);
  });

  it("follows the shopper's orders, Pending to Picked to Delivered and paid, newest first", async () => {
    const placed = ashasOrder(1);
    mocks.getUserOrders.mockResolvedValue([placed]);
    const orders = await onScreen(userOrdersAtom);
    await connect();

    const fresh = ashasOrder(2);
    socket.fire('order:created', fresh);
    const delivered = { ...placed, status: 'Delivered' as const, isPaid: true, updatedAt: at(30) };
    socket.fire('order:updated', delivered);
    socket.fire('order:updated', { ...placed, status: 'Picked' as const, updatedAt: at(20) });

    expect(orders()).toEqual([fresh, delivered]);
  });

  it('shows no order of an earlier shopper that arrives after the logout', async () => {
    mocks.getUserOrders.mockResolvedValue([]);
    await store.get(userOrdersAtom);
    await connect();
    store.set(userAtom, null);

    socket.fire('order:updated', ashasOrder(1));

    expect(await store.get(userOrdersAtom)).toEqual([]);
  });

  it('logs this tab out when the stream ends because the session ended elsewhere', async () => {
    mocks.getUserOrders.mockResolvedValue([]);
    await onScreen(userOrdersAtom);
    await connect();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });

    mocks.getUserAuth.mockResolvedValue(null);
    socket.drop('io server disconnect');
    await vi.advanceTimersByTimeAsync(REJOIN_AFTER_SERVER_DISCONNECT_MS);

    expect(store.get(userAtom)).toBeNull();
  });

  it('polls My Orders every 30 s while the stream is down and the page is open', async () => {
    mocks.getUserOrders.mockResolvedValue([]);
    const orders = await onScreen(userOrdersAtom);
    await connect();
    mocks.getUserOrders.mockClear();

    socket.drop('transport close');
    const picked = { ...ashasOrder(1), status: 'Picked' as const };
    mocks.getUserOrders.mockResolvedValue([picked]);
    await vi.advanceTimersByTimeAsync(POLL_WHILE_DOWN_MS);

    expect(mocks.getUserOrders).toHaveBeenCalledOnce();
    expect(orders()).toEqual([picked]);
    expect(mocks.getProducts).not.toHaveBeenCalled();
  });
});
