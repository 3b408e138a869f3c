import type { Shop } from '@kirana/shared';
import type { QueryClient } from '@tanstack/react-query';
import { receiveShop, SHOP_KEY } from './cache';

/** Live `shop:updated`: the seller paused, reopened or changed the shop. */
export const shopChanged = (client: QueryClient, shop: Shop): void => {
  receiveShop(client, shop);
};

/** After the stream was down: the shop asked again. */
export const shopMissed = (client: QueryClient): void => {
  void client.invalidateQueries({ queryKey: SHOP_KEY });
};
