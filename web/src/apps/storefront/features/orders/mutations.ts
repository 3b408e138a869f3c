import { SHOP_MESSAGES, type ShopperOrder } from '@kirana/shared';
import { mutationOptions, useMutationState, type QueryClient } from '@tanstack/react-query';
import { serverMessage } from '../../../../lib/api-client';
import { store } from '../../../../lib/store';
import { toast } from '../../../../lib/toast';
import { userAtom } from '../../session/user';
import { cancelOrder } from './api/cancel-order';
import { receiveUserOrder, refreshUserOrders } from './atoms/orders';

const CANCEL_KEY = ['orders', 'user', 'cancel'] as const;

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
        toast.error(serverMessage(error) ?? SHOP_MESSAGES.cancelFailed);
        void refreshUserOrders(client);
      },
    }),
};
