import type { Shop, ShopAnswer } from '@kirana/shared';
import type { QueryClient } from '@tanstack/react-query';

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
