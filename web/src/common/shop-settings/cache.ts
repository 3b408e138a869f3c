import type { Shop, ShopAnswer } from '@kirana/shared';
import { hashKey, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

export const SHOP_KEY = ['shop'] as const;
/** The seller's view, with the PIN codes: under 'seller', which the seller's catch-up refreshes. */
export const SHOP_SETTINGS_KEY = ['seller', 'shop'] as const;

/**
 * The shop as a live `shop:updated` or the seller's save says it, into what the storefront and
 * the seller's screen hold; where it delivers may have changed too.
 */
export function receiveShop(client: QueryClient, shop: Shop, zipcodes?: string[]): void {
  client.setQueryData<ShopAnswer>(SHOP_KEY, (held) => ({ ...held, success: true, shop }));
  client.setQueryData<ShopAnswer>(SHOP_SETTINGS_KEY, (held) =>
    held || zipcodes ? { success: true, shop, zipcodes: zipcodes ?? held?.zipcodes } : undefined,
  );
  void client.invalidateQueries({ queryKey: [...SHOP_KEY, 'serviceable'] });
}

/**
 * The shop as the page already holds it (rendered by the server, or fetched and kept live by
 * the closed banner's useShop, which every storefront page mounts), without asking for it: the
 * name, promise and contact the layout and home page show add no API call to the first load.
 * Read from the cache itself: an observer without the query's function would stand in for it.
 */
export function useKnownShop(): Shop | undefined {
  const client = useQueryClient();
  const held = () => client.getQueryData<ShopAnswer>(SHOP_KEY)?.shop;
  return useSyncExternalStore(
    (changed) =>
      client.getQueryCache().subscribe((event) => {
        if (event.query.queryHash === SHOP_HASH) changed();
      }),
    held,
    held,
  );
}

const SHOP_HASH = hashKey(SHOP_KEY);
