import { SHOP_MESSAGES, type ShopperOrder } from '@kirana/shared';
import { mutationOptions, useMutationState, type QueryClient } from '@tanstack/react-query';
import { store } from '../../../../lib/store';
import { toast } from '../../../../lib/toast';
import { reportFailure } from '../../failure-message';
import { userAtom } from '../../session/user';
import type { createStore } from 'jotai';
import { cancelOrder } from './api/cancel-order';
import { receiveUserOrder, refreshUserOrders } from './cache';
import { payForOrder } from './checkout/pay-order';
import { placeOrder, type OrderRequest } from './checkout/place-order';

const CANCEL_KEY = ['orders', 'user', 'cancel'] as const;
const PAY_KEY = ['orders', 'user', 'pay'] as const;

type Store = ReturnType<typeof createStore>;

/** Whether a 'Pay now' is running (until its Checkout ends): one at a time. */
export const isPaying = (client: QueryClient): boolean =>
  client.isMutating({ mutationKey: PAY_KEY }) > 0;

/** The order whose 'Pay now' is running, or null. */
export function usePayingOrderId(): string | null {
  const ids = useMutationState({
    filters: { mutationKey: PAY_KEY, status: 'pending' },
    select: (mutation) => (mutation.state.variables as ShopperOrder | undefined)?._id ?? null,
  });
  return ids[0] ?? null;
}

/** Whether a cancelling of one of the shopper's orders is on its way: one at a time. */
export const isCancelling = (client: QueryClient): boolean =>
  client.isMutating({ mutationKey: CANCEL_KEY }) > 0;

/** The order whose cancelling is on its way, or null. */
export function useCancellingOrderId(): string | null {
  const ids = useMutationState({
    filters: { mutationKey: CANCEL_KEY, status: 'pending' },
    select: (mutation) => (mutation.state.variables as ShopperOrder | undefined)?._id ?? null,
  });
  return ids[0] ?? null;
}

export const userOrderMutations = {
  /**
   * Cancels one of the shopper's orders (already confirmed): the answer is merged into My Orders
   * (unless another shopper has logged in meanwhile) and the server's message toasted. A refusal
   * (e.g. the agent picked it up meanwhile) toasts its message or 'Failed to cancel the order',
   * and the orders are fetched again.
   */
  cancel: () =>
    mutationOptions({
      mutationKey: CANCEL_KEY,
      mutationFn: (order: ShopperOrder) => cancelOrder({ orderId: order._id }),
      onSuccess: (answer, _order, _context, { client }) => {
        if (answer.order.userId === store.get(userAtom)?._id)
          receiveUserOrder(client, answer.order);
        toast.success(answer.message);
      },
      onError: (error, _order, _context, { client }) => {
        reportFailure(SHOP_MESSAGES.cancelFailed)(error);
        void refreshUserOrders(client);
      },
    }),
  /**
   * Places the cart as an order (see `placeOrder`; `store` is the page's): an order paid on
   * delivery is told with the server's words; a failure says why not.
   */
  place: (store: Store) =>
    mutationOptions({
      mutationFn: (request: OrderRequest, { client }) => placeOrder(store, client, request),
      onSuccess: (said) => {
        if (said !== null) toast.success(said);
      },
      onError: reportFailure(),
    }),
  /** 'Pay now' on an order awaiting its online payment (see `payForOrder`); a failure says why. */
  pay: (store: Store) =>
    mutationOptions({
      mutationKey: PAY_KEY,
      mutationFn: (order: ShopperOrder, { client }) => payForOrder(store, client, order),
      onError: reportFailure(),
    }),
};
