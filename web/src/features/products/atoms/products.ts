import type { Product } from '@kirana/shared';
import { atom } from 'jotai';
import { atomWithRefresh } from 'jotai/utils';
import { toast } from '../../../lib/toast';
import { getProducts } from '../api/get-products';

/**
 * The shop's catalogue, fetched once when first read; writing to it (with no arguments)
 * fetches it again. A failed fetch shows its message as a toast and rejects, so the reading
 * component's error boundary can offer a retry.
 */
export const productsAtom = atomWithRefresh(async (_get, { signal }): Promise<Product[]> => {
  try {
    return await getProducts(signal);
  } catch (error) {
    if (!signal.aborted && error instanceof Error) toast.error(error.message);
    throw error;
  }
});

/** What shoppers can buy: the in-stock products, in the catalogue's order. */
export const inStockProductsAtom = atom(async (get) =>
  (await get(productsAtom)).filter((product) => product.inStock),
);

/** The nav's search text; the all-products screen lists what matches it. */
export const searchTextAtom = atom('');
