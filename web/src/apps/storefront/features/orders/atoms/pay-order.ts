import type { ShopperOrder } from '@kirana/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { createStore } from 'jotai';
import { toast } from '../../../../../lib/toast';
import { userAtom } from '../../../session/user';
import { prepareCheckout, type Checkout } from '../../../../../common/payments/checkout';
import { orderCreationFailureText } from '../../../../../common/payments/payment-failure';
import { payOrder } from '../api/pay-order';
import { payOnline } from './online-payment';
import { refreshUserOrders } from './orders';

/**
 * 'Pay now' on one of the shopper's online orders awaiting payment: a new provider order for it
 * (`POST /api/order/pay`), then Checkout, as when it was placed (see `payOnline`); settles
 * once Checkout ends. A refusal (e.g. the time to pay ran out) is toasted and the orders fetched
 * again, so the card shows what is true now. Run as `userOrderMutations.pay` (../mutations.ts),
 * one at a time.
 */
export async function payForOrder(
  store: ReturnType<typeof createStore>,
  client: QueryClient,
  order: ShopperOrder,
): Promise<void> {
  const user = store.get(userAtom);
  if (!user) return;
  let checkout: Checkout;
  try {
    checkout = await prepareCheckout();
  } catch (error) {
    toast.error(error instanceof Error ? error.message : String(error));
    return;
  }
  let answer;
  try {
    answer = await payOrder({ orderId: order._id });
  } catch (error) {
    toast.error(orderCreationFailureText(error));
    void refreshUserOrders(client);
    return;
  }
  await payOnline(store, client, checkout, answer, {
    name: user.name,
    email: user.email,
    contact: order.address.phone,
  });
}
