import type { Product, ProductPageAnswer, ProductSavedAnswer } from '@kirana/shared';
import { MutationObserver } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../lib/api-client';
import { queryClient } from '../../../../lib/query-client';
import { store } from '../../../../lib/store';
import { aPage, aProduct } from '../../../../test/products';
import { sellerAuthAtom } from '../../session/seller-auth';
import { productMutations, stockIsPending } from './mutations';

const mocks = vi.hoisted(() => ({
  setProductStock: vi.fn<() => Promise<ProductSavedAnswer>>(),
  archiveProduct: vi.fn<() => Promise<ProductSavedAnswer>>(),
  toast: { success: vi.fn(), error: vi.fn() },
}));
vi.mock('./api/set-product-stock', () => ({ setProductStock: mocks.setProductStock }));
vi.mock('./api/archive-product', () => ({ archiveProduct: mocks.archiveProduct }));
vi.mock('../../../../lib/toast', () => ({ toast: mocks.toast }));

const PAGE_KEY = ['products', 'seller', {}];
const shown = () => queryClient.getQueryData<ProductPageAnswer>(PAGE_KEY)?.products[0];

function switchStock(product: Product, inStock: boolean) {
  const observer = new MutationObserver(queryClient, productMutations.setStock());
  return observer.mutate({ product, change: { inStock } }).then(
    () => true,
    () => false,
  );
}

beforeEach(() => {
  vi.clearAllMocks();
  queryClient.clear();
  store.set(sellerAuthAtom, 'in');
});

describe("a product's stock switch", () => {
  it('moves at once, is pending until the server answers, and shows the answer', async () => {
    const product = aProduct({ inStock: true });
    queryClient.setQueryData(PAGE_KEY, aPage([product]));
    let answer!: (stock: ProductSavedAnswer) => void;
    mocks.setProductStock.mockReturnValue(new Promise((resolve) => (answer = resolve)));

    const saving = switchStock(product, false);
    expect(stockIsPending(queryClient, [product])).toBe(true);
    await vi.waitFor(() => expect(shown()?.inStock).toBe(false));

    const saved = { ...product, inStock: false, updatedAt: '2030-01-01T00:00:00.000Z' };
    answer({ success: true, message: 'Stock Updated', product: saved });
    await expect(saving).resolves.toBe(true);
    expect(stockIsPending(queryClient, [product])).toBe(false);
    expect(shown()).toEqual(saved);
    expect(mocks.toast.success).toHaveBeenCalledWith('Stock Updated');
  });

  it('moves back and toasts why when the server refuses', async () => {
    const product = aProduct({ inStock: true });
    queryClient.setQueryData(PAGE_KEY, aPage([product]));
    mocks.setProductStock.mockRejectedValue(new ApiError('Product not found', 404));

    await expect(switchStock(product, false)).resolves.toBe(false);
    expect(shown()?.inStock).toBe(true);
    expect(mocks.toast.error).toHaveBeenCalledWith('Product not found');
  });

  it('shows the login again, without a toast of its own, when the session has ended', async () => {
    const product = aProduct({ inStock: true });
    mocks.setProductStock.mockRejectedValue(new ApiError('Please log in again', 401));

    await switchStock(product, false);
    expect(store.get(sellerAuthAtom)).toBe('out');
    expect(mocks.toast.error).toHaveBeenCalledTimes(1);
    expect(mocks.toast.error).toHaveBeenCalledWith('Please log in again');
  });
});

describe('a refusal of loose goods and packs', () => {
  it.each([
    [
      'DRAWN_FROM',
      409,
      'Toor Dal cannot be archived: packs draw from its stock (Toor Dal 1 kg); archive them or change what they draw from first',
      (product: Product) =>
        new MutationObserver(queryClient, productMutations.archive()).mutate(product._id),
    ],
    [
      'DRAWS_STOCK',
      409,
      "Toor Dal 1 kg is sold from a loose product's stock: count that product instead",
      (product: Product) =>
        new MutationObserver(queryClient, productMutations.setStock()).mutate({
          product,
          change: { stockCount: 3 },
        }),
    ],
  ])('%s is toasted in the server’s words', async (code, status, message, change) => {
    mocks.archiveProduct.mockRejectedValue(new ApiError(message, status, { code }));
    mocks.setProductStock.mockRejectedValue(new ApiError(message, status, { code }));

    await expect(change(aProduct())).rejects.toThrow(message);
    expect(mocks.toast.error).toHaveBeenCalledWith(message);
  });
});
