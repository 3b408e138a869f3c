import { SHOP_MESSAGES, type ShopperOrder } from '@kirana/shared';
import { atom } from 'jotai';
import { serverMessage } from '../../../../../lib/api-client';
import { toast } from '../../../../../lib/toast';
import { cancelOrder } from '../api/cancel-order';
import { receiveUserOrderAtom, refreshUserOrdersAtom } from './orders';

/** The order whose cancelling is on its way, or null. */
export const cancellingOrderIdAtom = atom<string | null>(null);

/**
 * Cancels one of the shopper's orders (already confirmed): the answer is merged into My Orders
 * and the server's message toasted. A refusal (e.g. the agent picked it up meanwhile) toasts
 * its message or 'Failed to cancel the order', and the orders are fetched again.
 */
export const cancelOrderAtom = atom(null, async (get, set, order: ShopperOrder): Promise<void> => {
  if (get(cancellingOrderIdAtom) !== null) return;
  set(cancellingOrderIdAtom, order._id);
  try {
    const answer = await cancelOrder({ orderId: order._id });
    set(receiveUserOrderAtom, answer.order);
    toast.success(answer.message);
  } catch (error) {
    toast.error(serverMessage(error) ?? SHOP_MESSAGES.cancelFailed);
    void set(refreshUserOrdersAtom);
  } finally {
    set(cancellingOrderIdAtom, null);
  }
});
