import type { Shop } from '@kirana/shared';
import { atom } from 'jotai';
import { queryClient } from '../../lib/query-client';
import { receiveShop, SHOP_KEY } from './cache';

/** Live `shop:updated`: the seller paused, reopened or changed the shop. */
export const receiveShopAtom = atom(null, (_get, _set, shop: Shop) => {
  receiveShop(queryClient, shop);
});

/** After the stream was down: the shop asked again. */
export const shopMissedAtom = atom(null, () => {
  void queryClient.invalidateQueries({ queryKey: SHOP_KEY });
});
