import {
  SELLER_MESSAGES,
  SHOP_MESSAGES,
  type AssignOrderBody,
  type SellerCancelOrderBody,
  type SellerOrder,
  type SellerOrderAnswer,
} from '@kirana/shared';
import { mutationOptions } from '@tanstack/react-query';
import { desktop, printedBy } from '../../../../lib/desktop-bridge';
import { toast } from '../../../../lib/toast';
import { isSessionLost, reportFailure } from '../../failure-message';
import { assignOrder } from './api/assign-order';
import { cancelOrder } from './api/cancel-order';
import { releaseOrder } from './api/release-order';
import { unlockPin } from './api/unlock-pin';
import { receiveSellerOrder, refreshSellerOrders } from './order-cache';

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
        reportFailure(failed)(error);
        if (!isSessionLost(error)) void refreshSellerOrders(client);
      },
    });
}

/** The seller's changes to an order, each answered with the order as it now is. */
export const sellerOrderMutations = {
  /**
   * Prints the order's packing slip through the desktop app (the Orders screen offers it only
   * there); why the app could not print is toasted.
   */
  printPackingSlip: () =>
    mutationOptions({
      mutationFn: async (order: SellerOrder) => {
        if (desktop) await printedBy(desktop.printPackingSlip(order));
      },
      onError: reportFailure(),
    }),
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
