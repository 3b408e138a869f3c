import type { ShopperOrder } from '@kirana/shared';
import type { QueryClient } from '@tanstack/react-query';
import { receiveInto } from '../../../../lib/live-query';

/*
 * The shopper's orders as the live stream (apps/storefront/live-feed.ts) and the order mutations
 * (./mutations.ts) keep them, in the one cache of the server's data. Their query, which brings the order
 * contract along, is in ./queries.ts: only My Orders loads it, not the storefront's first load.
 */

/** The key of the orders of shopper `userId` (all shoppers' under `['orders', 'user']`). */
export const userOrdersKey = (userId: string) => ['orders', 'user', userId] as const;

export const newestFirst = (a: ShopperOrder, b: ShopperOrder) =>
  Date.parse(b.createdAt) - Date.parse(a.createdAt);

/** `order` laid into its shopper's list, if held (a copy never replaces a newer one). */
export function receiveUserOrder(client: QueryClient, order: ShopperOrder): void {
  client.setQueryData<ShopperOrder[]>(
    userOrdersKey(order.userId),
    (held) => held && receiveInto(held, order, newestFirst),
  );
}

/**
 * After the live stream was down, or an order changed by other means (placed, paid, refused):
 * the list on screen is fetched again, still shown meanwhile; one not shown is when next shown.
 */
export const refreshUserOrders = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: ['orders', 'user'] });
