import type { ShopperOrder } from '@kirana/shared';
import { queryOptions } from '@tanstack/react-query';
import { layOver } from '../../../../lib/live-query';
import { getUserOrders } from './api/get-user-orders';
import { newestFirst, userOrdersKey } from './cache';

export const userOrderQueries = {
  /**
   * The orders of shopper `userId`, newest first, kept current by the live stream (see
   * cache.ts) so that each card's progress and payment follow the order. An answer keeps
   * the newer copy of each order, and an order it lacks (an event newer than the answer). A
   * failed load is only logged, as the spec asks, for the screen to offer a retry.
   */
  list: (userId: string) =>
    queryOptions({
      queryKey: userOrdersKey(userId),
      queryFn: ({ signal }) =>
        getUserOrders(signal).catch((error: unknown) => {
          if (!signal.aborted) console.error('Could not load your orders', error);
          throw error;
        }),
      structuralSharing: (held, fetched) =>
        layOver(held as ShopperOrder[] | undefined, fetched as ShopperOrder[], newestFirst, true),
    }),
};
