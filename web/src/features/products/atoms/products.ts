import type { Product } from '@kirana/shared';
import { atom } from 'jotai';
import { liveList } from '../../../lib/live-list';
import { toast } from '../../../lib/toast';
import { getProducts } from '../api/get-products';

/** The server's order: oldest first, products added in the same millisecond by (time-ordered) id. */
function catalogueOrder(a: Product, b: Product): number {
  const byTime = Date.parse(a.createdAt) - Date.parse(b.createdAt);
  if (byTime !== 0) return byTime;
  return a._id < b._id ? -1 : a._id > b._id ? 1 : 0;
}

const catalogue = liveList<Product>({
  fetch: (_get, signal) => getProducts(signal),
  onFailure: (error) => {
    if (error instanceof Error) toast.error(error.message);
  },
  order: catalogueOrder,
});

/**
 * The shop's catalogue, in and out of stock, fetched once when first read and then kept current
 * by the live stream (see app/layouts/shop-live-feed.ts): a product switched out of stock leaves
 * the storefront's lists, a new one joins them. Writing it (with no arguments) fetches it again.
 * A failed fetch shows its message as a toast and rejects, so the reading component's error
 * boundary can offer a retry.
 */
export const productsAtom = catalogue.list;
/** Live `product:updated`: a product changed or was added. */
export const receiveProductAtom = catalogue.receive;
/** After the live stream was down: the catalogue fetched again. */
export const refreshProductsAtom = catalogue.refresh;
/** The catalogue the page arrived with, rendered by the server: no fetch before the first screen. */
export const seedProductsAtom = catalogue.seed;

/** The nav's search text; the all-products screen lists what matches it. */
export const searchTextAtom = atom('');
