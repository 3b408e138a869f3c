import type { ShopperOrder } from '@kirana/shared';
import { liveList } from '../../../lib/live-list';
import { userAtom } from '../../auth/atoms/user';
import { getUserOrders } from '../api/get-user-orders';

const newestFirst = (a: ShopperOrder, b: ShopperOrder) =>
  Date.parse(b.createdAt) - Date.parse(a.createdAt);

const orders = liveList<ShopperOrder>({
  fetch: async (get, signal) => (get(userAtom) ? getUserOrders(signal) : []),
  onFailure: (error) => console.error('Could not load your orders', error),
  order: newestFirst,
  // An event sent before a logout may arrive after it: it must not show to the next shopper.
  belongs: (get, order) => order.userId === get(userAtom)?._id,
});

/**
 * The logged-in shopper's orders, newest first (none while logged out), kept current by the live
 * stream (see app/layouts/shop-live-feed.ts) so that each card's progress and payment follow
 * the order. Writing it refetches. A failed load is only logged, as the spec asks, and rejects
 * for the screen to offer a retry.
 */
export const userOrdersAtom = orders.list;
/** Live `order:created` / `order:updated` for the shopper's own orders. */
export const receiveUserOrderAtom = orders.receive;
/** After the live stream was down: the orders fetched again. */
export const refreshUserOrdersAtom = orders.refresh;
