import type { Product } from '@kirana/shared';
import { atom } from 'jotai';
import { queryClient } from '../../lib/query-client';
import { receiveProduct } from './queries';

/*
 * The catalogue's live events as the storefront's and the seller's streams take them: laid into
 * the one cache of the server's data, whichever screens hold it.
 */

/** Live `product:updated`: laid into what the screens hold. */
export const receiveProductAtom = atom(null, (_get, _set, product: Product) => {
  receiveProduct(queryClient, product);
});

/** Many products changed (an import): what is on screen is asked again, the rest when shown. */
export const catalogueChangedAtom = atom(null, () => {
  void queryClient.invalidateQueries({ queryKey: ['products'] });
});

/** The seller changed the categories: the tiles and pages ask again. */
export const categoriesChangedAtom = atom(null, () => {
  void queryClient.invalidateQueries({ queryKey: ['categories'] });
});
