import type { Product, ProductPageAnswer } from '@kirana/shared';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiOf } from '../../../../lib/query-client';
import { listSellerProducts, type SellerProductList } from './api/list-products';

/*
 * The seller's product data in the one cache of the server's data (lib/query-client): under
 * 'products' like the storefront's, so a live product event or an import refreshes both.
 */

export const sellerProductQueries = {
  /** A page of the Product List: a search, a category, a filter. */
  page: (list: SellerProductList) =>
    queryOptions({
      queryKey: ['products', 'seller', list],
      queryFn: ({ client, signal }) => listSellerProducts(apiOf(client), list, signal),
    }),
};

/**
 * `product` shown as it is on every page of the Product List that holds it, whatever its time
 * (a switch moved before the server answers, or moved back when it refuses).
 */
export function showOnProductList(client: QueryClient, product: Product): void {
  client.setQueriesData<ProductPageAnswer>({ queryKey: ['products', 'seller'] }, (held) => {
    if (!held?.products.some((candidate) => candidate._id === product._id)) return held;
    return {
      ...held,
      products: held.products.map((candidate) =>
        candidate._id === product._id ? product : candidate,
      ),
    };
  });
}

/** Products were added, archived or changed in ways that move them: the pages are asked again. */
export const refreshProductList = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: ['products', 'seller'] });
