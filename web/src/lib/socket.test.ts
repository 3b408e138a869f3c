import { mergeById, type Product } from '@kirana/shared';
import { QueryClient } from '@tanstack/react-query';
import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aProduct } from '../test/products';
import { lastSocket, openedSockets } from '../test/socket';
import {
  connectionAtoms,
  openLiveFeed,
  POLL_MS,
  REJOIN_AFTER_SERVER_DISCONNECT_MS,
  type LiveFeed,
} from './socket';

vi.mock('socket.io-client', async () => (await import('../test/socket')).fakeSocketIo);

const PRODUCTS_KEY = ['products'];
const receiveProduct = (client: QueryClient, product: Product) => {
  client.setQueryData<Product[]>(PRODUCTS_KEY, (held = []) => mergeById(held, product));
};
const heldProducts = () => client.getQueryData<Product[]>(PRODUCTS_KEY) ?? [];
const refetch = vi.fn();
const poll = vi.fn();
const feed: LiveFeed<'shop'> = {
  events: { 'product:updated': receiveProduct },
  refetch,
  poll: { run: poll },
};

let store: ReturnType<typeof createStore>;
let client: QueryClient;
let close: () => void;

/** Opens the feed and waits for socket.io-client, which it loads on its own. */
async function open(liveFeed: LiveFeed<'shop'> = feed) {
  close = openLiveFeed(store, client, 'shop', liveFeed);
  await vi.dynamicImportSettled();
  return lastSocket();
}

beforeEach(() => {
  vi.clearAllMocks();
  // Only the poll timer: the module import still settles on real time.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
  store = createStore();
  client = new QueryClient();
});

afterEach(() => {
  close();
  vi.useRealTimers();
});

describe('the live feed', () => {
  it("connects to the area's namespace with the session cookies and says when it is live", async () => {
    const socket = await open();
    expect(socket.namespace).toBe('/shop');
    expect(socket.options).toMatchObject({ path: '/socket.io', withCredentials: true });
    expect(store.get(connectionAtoms.shop)).toBe('connecting');

    socket.accept();
    expect(store.get(connectionAtoms.shop)).toBe('live');
  });

  it('connects to the server the page’s meta tag names, with the same path and cookies', async () => {
    vi.resetModules();
    vi.stubGlobal('document', { querySelector: () => ({ content: 'http://127.0.0.1:4173' }) });
    try {
      // A fresh module reads the tag; the mocked socket.io-client survives the reset.
      const fresh = await import('./socket');
      close = fresh.openLiveFeed(store, client, 'shop', feed);
      await vi.dynamicImportSettled();
      expect(lastSocket().namespace).toBe('http://127.0.0.1:4173/shop');
      expect(lastSocket().options).toMatchObject({
        path: '/socket.io',
        withCredentials: true,
      });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('gives each event to its handler, where a late copy does not roll the newer one back', async () => {
    const socket = await open();
    socket.accept();
    const inStock = aProduct({ updatedAt: '2025-01-01T10:00:00.000Z' });
    const soldOut = { ...inStock, inStock: false, updatedAt: '2025-01-01T10:05:00.000Z' };

    socket.fire('product:updated', soldOut);
    socket.fire('product:updated', inStock);

    expect(heldProducts()).toEqual([soldOut]);
  });

  it('refetches when it first connects, and again whenever it connects after a drop', async () => {
    const socket = await open();
    expect(refetch).not.toHaveBeenCalled();

    // What changed between the screens' first load and the socket joining its rooms.
    socket.accept();
    expect(refetch).toHaveBeenCalledTimes(1);

    socket.drop('transport close');
    expect(store.get(connectionAtoms.shop)).toBe('reconnecting');
    expect(refetch).toHaveBeenCalledTimes(1);

    socket.accept();
    expect(store.get(connectionAtoms.shop)).toBe('live');
    expect(refetch).toHaveBeenCalledTimes(2);
  });

  it('refetches once when it first connects after failed attempts, not at each attempt', async () => {
    const socket = await open();
    socket.fire('connect_error', new Error('xhr poll error'));
    socket.fire('connect_error', new Error('xhr poll error'));
    expect(store.get(connectionAtoms.shop)).toBe('reconnecting');
    expect(refetch).not.toHaveBeenCalled();

    socket.accept();
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('polls every 30 seconds while the socket is down, and only then', async () => {
    const socket = await open();
    // Not connected yet: the screens must not wait for the socket.
    vi.advanceTimersByTime(POLL_MS);
    expect(poll).toHaveBeenCalledTimes(1);

    socket.accept();
    vi.advanceTimersByTime(3 * POLL_MS);
    expect(poll).toHaveBeenCalledTimes(1);

    socket.drop('transport close');
    vi.advanceTimersByTime(POLL_MS - 1);
    expect(poll).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(poll).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(POLL_MS);
    expect(poll).toHaveBeenCalledTimes(3);

    socket.accept();
    vi.advanceTimersByTime(3 * POLL_MS);
    expect(poll).toHaveBeenCalledTimes(3);
  });

  it('polls with refetch when the feed names no poll of its own', async () => {
    const socket = await open({ ...feed, poll: undefined });
    socket.accept();
    expect(refetch).toHaveBeenCalledTimes(1);
    socket.drop('transport close');
    vi.advanceTimersByTime(POLL_MS);
    expect(refetch).toHaveBeenCalledTimes(2);
  });

  it("refetches and connects again a second after the server disconnected it ('io server disconnect')", async () => {
    const socket = await open();
    socket.accept();
    expect(refetch).toHaveBeenCalledTimes(1);

    socket.drop('io server disconnect');
    expect(refetch).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(REJOIN_AFTER_SERVER_DISCONNECT_MS);
    expect(refetch).toHaveBeenCalledTimes(2);
    expect(socket.connectCalls).toBe(1);
    expect(socket.active).toBe(true);
  });

  it('asks nothing more after the server disconnected it when the screens close the feed meanwhile (a logout)', async () => {
    const socket = await open();
    socket.accept();
    socket.drop('io server disconnect');

    close();
    vi.advanceTimersByTime(REJOIN_AFTER_SERVER_DISCONNECT_MS);

    expect(refetch).toHaveBeenCalledTimes(1);
    expect(socket.connectCalls).toBe(0);
  });

  it('tries a refused socket again at each poll, also where the area polls on its own', async () => {
    const socket = await open({ ...feed, poll: null });
    socket.refuse('Please log in as an agent');
    expect(store.get(connectionAtoms.shop)).toBe('reconnecting');

    vi.advanceTimersByTime(POLL_MS);
    expect(socket.connectCalls).toBe(1);
    expect(poll).not.toHaveBeenCalled();
  });

  it('stops listening, polling and connecting once closed', async () => {
    const socket = await open();
    socket.accept();
    socket.drop('transport close');

    close();

    expect(store.get(connectionAtoms.shop)).toBe('off');
    expect(socket.active).toBe(false);
    socket.fire('product:updated', aProduct());
    vi.advanceTimersByTime(3 * POLL_MS);
    expect(heldProducts()).toEqual([]);
    expect(poll).not.toHaveBeenCalled();
  });

  it('opens no socket when closed before socket.io-client has loaded', async () => {
    const before = openedSockets.length;
    close = openLiveFeed(store, client, 'shop', feed);
    close();
    await vi.dynamicImportSettled();

    expect(openedSockets).toHaveLength(before);
    expect(store.get(connectionAtoms.shop)).toBe('off');
  });
});
