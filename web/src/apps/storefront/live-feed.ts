import { atom } from 'jotai';
import { checkAuthAtom } from './session/session';
import { receiveUserOrderAtom, refreshUserOrdersAtom } from './features/orders/atoms/orders';
import {
  catalogueChangedAtom,
  categoriesChangedAtom,
  receiveProductAtom,
} from '../../common/catalogue/live-events';
import { receiveShopAtom, shopMissedAtom } from '../../common/shop-settings/live-events';
import { useLiveUpdates, type LiveFeed } from '../../lib/socket';

/**
 * After the stream was down, and every 30 s while it is: the lists on screen fetched again, and
 * the session checked, since a logout in another tab or an expired session ends the stream too
 * (the check then logs this tab out, and the stream reopens for a visitor).
 */
const refreshShopListsAtom = atom(null, (_get, set) => {
  void set(checkAuthAtom);
  set(shopMissedAtom);
  set(catalogueChangedAtom);
  set(categoriesChangedAtom);
  void set(refreshUserOrdersAtom);
});

/**
 * What the storefront takes from the `/shop` stream: every product and category change, and the
 * signed-in shopper's own orders.
 */
export const shopLiveFeed: LiveFeed<'shop'> = {
  events: {
    'product:updated': receiveProductAtom,
    'catalogue:updated': catalogueChangedAtom,
    'categories:updated': categoriesChangedAtom,
    'order:created': receiveUserOrderAtom,
    'order:updated': receiveUserOrderAtom,
    'shop:updated': receiveShopAtom,
  },
  refetch: refreshShopListsAtom,
};

/**
 * The storefront's stream while mounted, for the `session` shopper (null: a visitor). The layout
 * mounts it once the page is settled, so neither it nor the socket is part of the first load.
 */
export function ShopLiveUpdates({ session }: { session: string | null }): null {
  useLiveUpdates('shop', shopLiveFeed, { session });
  return null;
}
