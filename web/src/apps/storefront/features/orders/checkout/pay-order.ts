import type { ShopperOrder } from '@kirana/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { createStore } from 'jotai';
import { userAtom } from '../../../session/user';
import { prepareCheckout } from '../../../../../common/payments/checkout';
import { orderCreationFailureText } from '../../../../../common/payments/payment-failure';
import { payOrder } from '../api/pay-order';
import { payOnline } from './online-payment';
import { refreshUserOrders } from '../cache';

/**
 * 'Pay now' on one of the shopper's online orders awaiting payment: a new provider order for it
 * (`POST /api/order/pay`), then Checkout, as when it was placed (see `payOnline`); settles
 * once Checkout ends. Run as `userOrderMutations.pay` (../mutations.ts), one at a time, whose
 * failure reporter tells why it could not start: this throws an error saying it (the payment
 * window could not be loaded; the server refused, e.g. the time to pay ran out, and then the
 * orders are fetched again, so the card shows what is true now).
 */
export async function payForOrder(
  store: ReturnType<typeof createStore>,
  client: QueryClient,
  order: ShopperOrder,
): Promise<void> {
  const user = store.get(userAtom);
  if (!user) return;
  const checkout = await prepareCheckout();
  const answer = await payOrder({ orderId: order._id }).catch((error: unknown) => {
    void refreshUserOrders(client);
    throw new Error(orderCreationFailureText(error), { cause: error });
  });
  await payOnline(store, client, checkout, answer, {
    name: user.name,
    email: user.email,
    contact: order.address.phone,
  });
}
