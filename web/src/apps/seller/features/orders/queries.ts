import { SELLER_MESSAGES, type SellerOrder, type SellerOrdersAnswer } from '@kirana/shared';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { toast } from '../../../../lib/toast';
import { failureMessage } from '../../failure-message';
import { reported } from '../../reported';
import { getOrderHistory } from './api/get-order-history';
import { getSellerOrders } from './api/get-seller-orders';
import { announceNewOrders, SELLER_ORDERS_KEY } from './order-cache';
import { layOverPages, type SellerOrderPages } from './order-list';

const ORDERS_PAGE_SIZE = 20;

/*
 * The seller's orders, under 'seller': a logout forgets them with the rest of the seller's data.
 */
export const sellerOrderQueries = {
  /**
   * Every order, newest first, by pages of the server's (`page` from 1): a refresh asks again
   * every page loaded, and live events lay orders in between (atoms/orders.ts). An answer keeps
   * the newer copy of each order and announces orders new to the seller to the desktop app (see
   * `layOverPages`, which sees every write: answers and live events alike). A failed refresh
   * toasts once until one succeeds (a dead network is polled every 30 s); a failed 'Load more'
   * always toasts.
   */
  orders: () =>
    infiniteQueryOptions<
      SellerOrdersAnswer,
      Error,
      SellerOrderPages,
      typeof SELLER_ORDERS_KEY,
      number
    >({
      queryKey: SELLER_ORDERS_KEY,
      queryFn: ({ client, pageParam, signal }) => {
        const held = client.getQueryState<SellerOrderPages>(SELLER_ORDERS_KEY);
        const further = held?.data !== undefined && !held.data.pageParams.includes(pageParam);
        // Whether the last call failed (a fetch under way no longer says so by its status).
        const failing = held !== undefined && held.errorUpdatedAt > held.dataUpdatedAt;
        return reported(getSellerOrders(pageParam, ORDERS_PAGE_SIZE, signal), signal, (error) => {
          if (further || !failing)
            toast.error(failureMessage(error, SELLER_MESSAGES.loadOrdersFailed));
        });
      },
      initialPageParam: 1,
      getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
      structuralSharing: (held, fetched) =>
        layOverPages(
          held as SellerOrderPages | undefined,
          fetched as SellerOrderPages,
          announceNewOrders,
        ),
      // Polled every 30 s while the stream is down: each failure waits for the next poll.
      retry: false,
    }),
  /** An order's history as of its change at `updatedAt`: a newer change asks it again. */
  orderHistory: ({ _id, updatedAt }: Pick<SellerOrder, '_id' | 'updatedAt'>) =>
    queryOptions({
      queryKey: ['seller', 'order-history', _id, updatedAt],
      queryFn: ({ signal }) => reported(getOrderHistory(_id, signal), signal),
    }),
};
