import type { ShopperOrder } from '@kirana/shared';
import type { QueryClient } from '@tanstack/react-query';
import { useStore } from 'jotai';
import { useMemo } from 'react';
import { checkShopperAuth } from './session/session';
import { userAtom } from './session/user';
import { receiveUserOrder, refreshUserOrders } from './features/orders/cache';
import {
  catalogueChanged,
  categoriesChanged,
  productChanged,
} from '../../common/catalogue/live-events';
import { shopChanged, shopMissed } from '../../common/shop-settings/live-events';
import { useLiveUpdates, type LiveFeed } from '../../lib/socket';

type Store = ReturnType<typeof useStore>;

/**
 * What the storefront takes from the `/shop` stream: every product and category change, and the
 * signed-in shopper's own orders (`store` says who is signed in).
 */
export function shopLiveFeed(store: Store): LiveFeed<'shop'> {
  /**
   * Live `order:created` / `order:updated` for the shopper's own orders. An event sent before a
   * logout may arrive after it: it must not show to the next shopper.
   */
  const orderChanged = (client: QueryClient, order: ShopperOrder) => {
    if (order.userId === store.get(userAtom)?._id) receiveUserOrder(client, order);
  };
  return {
    events: {
      'product:updated': productChanged,
      'catalogue:updated': catalogueChanged,
      'categories:updated': categoriesChanged,
      'order:created': orderChanged,
      'order:updated': orderChanged,
      'shop:updated': shopChanged,
    },
    /**
     * After the stream was down, and every 30 s while it is: the lists on screen fetched again,
     * and the session checked, since a logout in another tab or an expired session ends the
     * stream too (the check then logs this tab out, and the stream reopens for a visitor).
     */
    refetch: (client) => {
      void checkShopperAuth(store, client);
      shopMissed(client);
      catalogueChanged(client);
      categoriesChanged(client);
      void refreshUserOrders(client);
    },
  };
}

/**
 * The storefront's stream while mounted, for the `session` shopper (null: a visitor). The layout
 * mounts it once the page is settled, so neither it nor the socket is part of the first load.
 */
export function ShopLiveUpdates({ session }: { session: string | null }): null {
  const store = useStore();
  const feed = useMemo(() => shopLiveFeed(store), [store]);
  useLiveUpdates('shop', feed, { session });
  return null;
}
