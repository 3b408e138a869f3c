import {
  SELLER_MESSAGES,
  SHOP_MESSAGES,
  type AssignOrderBody,
  type SellerCancelOrderBody,
  type SellerOrder,
  type SellerOrderAnswer,
  type SellerOrdersAnswer,
} from '@kirana/shared';
import { infiniteQueryOptions, mutationOptions, queryOptions } from '@tanstack/react-query';
import { store } from '../../../../lib/store';
import { toast } from '../../../../lib/toast';
import { errorText, failureMessage, isSessionLost } from '../../failure-message';
import { reported } from '../../reported';
import { sessionLostAtom } from '../../session/seller-auth';
import { assignOrder } from './api/assign-order';
import { cancelOrder } from './api/cancel-order';
import { getOrderHistory } from './api/get-order-history';
import { getSellerOrders } from './api/get-seller-orders';
import { releaseOrder } from './api/release-order';
import { unlockPin } from './api/unlock-pin';
import {
  announceNewOrders,
  receiveSellerOrder,
  refreshSellerOrders,
  SELLER_ORDERS_KEY,
} from './atoms/orders';
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

/**
 * One change of an order the seller asked for (already confirmed): the answer is laid into the
 * orders held and the server's message toasted. A refusal toasts its message or `failed` and
 * fetches the orders again, as the order has changed meanwhile; a 401 shows the login form.
 */
function orderChange<Asked>(send: (asked: Asked) => Promise<SellerOrderAnswer>, failed: string) {
  return () =>
    mutationOptions<SellerOrderAnswer, Error, Asked>({
      mutationFn: send,
      onSuccess: (answer, _asked, _context, { client }) => {
        receiveSellerOrder(client, answer.order, false);
        toast.success(answer.message);
      },
      onError: (error, _asked, _context, { client }) => {
        if (isSessionLost(error)) return store.set(sessionLostAtom, errorText(error));
        toast.error(failureMessage(error, failed));
        void refreshSellerOrders(client);
      },
    });
}

/** The seller's changes to an order, each answered with the order as it now is. */
export const sellerOrderChanges = {
  /** Takes an order back from its agent, to the open pool. */
  takeBack: orderChange(
    (orderId: string) => releaseOrder({ orderId }),
    SELLER_MESSAGES.takeBackFailed,
  ),
  /** Cancels an order with the seller's reason; a paid one is refunded. */
  cancel: orderChange(
    (body: SellerCancelOrderBody) => cancelOrder(body),
    SHOP_MESSAGES.cancelFailed,
  ),
  /** Hands an open order to an agent. */
  assign: orderChange((body: AssignOrderBody) => assignOrder(body), SELLER_MESSAGES.assignFailed),
  /** Lets the agent try the delivery PIN again after a lock. */
  unlockPin: orderChange(
    (orderId: string) => unlockPin({ orderId }),
    SELLER_MESSAGES.unlockPinFailed,
  ),
};
