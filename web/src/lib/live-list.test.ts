import type { Product } from '@kirana/shared';
import { atom, createStore } from 'jotai';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { aProduct } from '../test/products';
import { liveList } from './live-list';

const at = (minute: number) => new Date(Date.UTC(2025, 0, 1, 10, minute)).toISOString();

const server = { products: [] as Product[] };
const fetchProducts = vi.fn(async () => [...server.products]);
const onFailure = vi.fn();
const hiddenAtom = atom<ReadonlySet<string>>(new Set<string>());

const { seed, list, receive, refresh } = liveList<Product>({
  fetch: fetchProducts,
  onFailure,
  order: (a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt),
  belongs: (get, product) => !get(hiddenAtom).has(product._id),
});

let store: ReturnType<typeof createStore>;

beforeEach(() => {
  vi.clearAllMocks();
  store = createStore();
});

/** A screen shows the list: it mounts it, as `useAtomValue` does once the list has loaded. */
function showOnScreen(): void {
  store.sub(list, () => {});
}

/** What a screen showing the list renders: the list itself, never a promise to wait for. */
function shown(): Product[] {
  showOnScreen();
  const value = store.get(list);
  if (value instanceof Promise) throw new Error('the screen would show its loading state');
  return value;
}

describe('a live list', () => {
  it('makes screens wait for the first fetch, then follows changes without waiting again', async () => {
    const milk = aProduct({ createdAt: at(1), updatedAt: at(1) });
    server.products = [milk];

    expect(store.get(list)).toBeInstanceOf(Promise);
    expect(await store.get(list)).toEqual([milk]);

    const soldOut = { ...milk, inStock: false, updatedAt: at(5) };
    store.set(receive, soldOut);
    expect(shown()).toEqual([soldOut]);
    expect(fetchProducts).toHaveBeenCalledTimes(1);
  });

  it('does not roll an item back to an older copy that arrives late', async () => {
    const milk = aProduct({ createdAt: at(1), updatedAt: at(1) });
    server.products = [milk];
    await store.get(list);

    const soldOut = { ...milk, inStock: false, updatedAt: at(5) };
    store.set(receive, soldOut);
    store.set(receive, { ...milk, updatedAt: at(3) });
    store.set(receive, milk);

    expect(shown()).toEqual([soldOut]);
  });

  it('puts a new item in its place by the list’s order', async () => {
    const [first, third] = [aProduct({ createdAt: at(1) }), aProduct({ createdAt: at(3) })];
    server.products = [first, third];
    await store.get(list);

    const second = aProduct({ createdAt: at(2), updatedAt: at(2) });
    store.set(receive, second);

    expect(shown()).toEqual([first, second, third]);
  });

  it('keeps an event that arrives before the first fetch has answered', async () => {
    const milk = aProduct({ createdAt: at(1), updatedAt: at(1) });
    server.products = [milk];
    const loading = store.get(list);

    const soldOut = { ...milk, inStock: false, updatedAt: at(5) };
    store.set(receive, soldOut);

    expect(await loading).toEqual([soldOut]);
    expect(shown()).toEqual([soldOut]);
  });

  it('leaves out received items that do not belong to the list as it is now', async () => {
    server.products = [];
    await store.get(list);
    const other = aProduct();
    store.set(hiddenAtom, new Set([other._id]));

    store.set(receive, other);

    expect(shown()).toEqual([]);
  });

  it('refreshes a list on screen in the background, still showing it meanwhile', async () => {
    const milk = aProduct({ createdAt: at(1), updatedAt: at(1) });
    server.products = [milk];
    await store.get(list);
    showOnScreen();

    const bread = aProduct({ createdAt: at(2), updatedAt: at(2) });
    server.products = [{ ...milk, inStock: false, updatedAt: at(5) }, bread];
    const refreshing = store.set(refresh);
    expect(shown()).toEqual([milk]);
    await refreshing;

    expect(shown().map((product) => product.inStock)).toEqual([false, true]);
    expect(fetchProducts).toHaveBeenCalledTimes(2);
  });

  it('keeps showing the list when a background refresh fails', async () => {
    const milk = aProduct();
    server.products = [milk];
    await store.get(list);
    showOnScreen();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchProducts.mockRejectedValueOnce(new Error('Could not reach the store.'));

    await store.set(refresh);

    expect(shown()).toEqual([milk]);
    expect(onFailure).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it('fetches a list not on screen afresh only when it is next read', async () => {
    const milk = aProduct();
    server.products = [milk];
    await store.get(list);

    await store.set(refresh);
    expect(fetchProducts).toHaveBeenCalledTimes(1);

    const soldOut = { ...milk, inStock: false, updatedAt: at(59) };
    server.products = [soldOut];
    expect(await store.get(list)).toEqual([soldOut]);
    expect(fetchProducts).toHaveBeenCalledTimes(2);
  });

  it('reports a failed first fetch and rejects, and fetches again when written', async () => {
    const failure = new Error('Could not reach the store.');
    fetchProducts.mockRejectedValueOnce(failure);

    await expect(store.get(list)).rejects.toBe(failure);
    expect(onFailure).toHaveBeenCalledExactlyOnceWith(failure);

    const milk = aProduct();
    server.products = [milk];
    store.set(list);
    expect(await store.get(list)).toEqual([milk]);
  });

  it('shows a seeded list at once, without fetching, and fetches on the next retry', async () => {
    const milk = aProduct({ name: 'Milk', createdAt: at(1), updatedAt: at(1) });
    const bread = aProduct({ name: 'Bread', createdAt: at(2), updatedAt: at(2) });
    server.products = [milk, bread];

    store.set(seed, [milk]);
    expect(shown()).toEqual([milk]);
    expect(fetchProducts).not.toHaveBeenCalled();

    store.set(list);
    expect(await store.get(list)).toEqual([milk, bread]);
    expect(fetchProducts).toHaveBeenCalledTimes(1);
  });

  it('catches a seeded list up in the background, still showing it meanwhile', async () => {
    const milk = aProduct({ name: 'Milk', createdAt: at(1), updatedAt: at(1) });
    const soldOut = { ...milk, inStock: false, updatedAt: at(3) };
    server.products = [soldOut];

    store.set(seed, [milk]);
    expect(shown()).toEqual([milk]);
    await store.set(refresh);
    expect(shown()).toEqual([soldOut]);
  });
});
