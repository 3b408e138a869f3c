import type { Product } from '@kirana/shared';
import type { QueryClient } from '@tanstack/react-query';
import { receiveProduct } from './queries';

/*
 * The catalogue's live events as the storefront's and the seller's streams take them: laid into
 * the one cache of the server's data, whichever screens hold it.
 */

/** Live `product:updated`: laid into what the screens hold. */
export const productChanged = (client: QueryClient, product: Product): void => {
  receiveProduct(client, product);
};

/** Many products changed (an import): what is on screen is asked again, the rest when shown. */
export const catalogueChanged = (client: QueryClient): void => {
  void client.invalidateQueries({ queryKey: ['products'] });
};

/** The seller changed the categories: the tiles and pages ask again. */
export const categoriesChanged = (client: QueryClient): void => {
  void client.invalidateQueries({ queryKey: ['categories'] });
};
