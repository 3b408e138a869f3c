import type { ShopperOrder } from '@kirana/shared';
import { atom } from 'jotai';
import { toast } from '../../../../../lib/toast';
import { userAtom } from '../../../session/user';
import { prepareCheckout, type Checkout } from '../../../../../common/payments/checkout';
import { orderCreationFailureText } from '../../../../../common/payments/payment-failure';
import { payOrder } from '../api/pay-order';
import { payOnline } from './online-payment';
import { refreshUserOrdersAtom } from './orders';

/** The order whose 'Pay now' is running (until its Checkout ends), or null. */
export const payingOrderIdAtom = atom<string | null>(null);

/**
 * 'Pay now' on one of the shopper's online orders awaiting payment: a new provider order for it
 * (`POST /api/order/pay`), then Checkout, as when it was placed (see `payOnline`). One at a
 * time: a second tap while one runs does nothing. A refusal (e.g. the time to pay ran out) is
 * toasted and the orders fetched again, so the card shows what is true now.
 */
export const payOrderAtom = atom(null, async (get, set, order: ShopperOrder): Promise<void> => {
  const user = get(userAtom);
  if (!user || get(payingOrderIdAtom) !== null) return;
  set(payingOrderIdAtom, order._id);
  try {
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
      void set(refreshUserOrdersAtom);
      return;
    }
    await payOnline(set, checkout, answer, {
      name: user.name,
      email: user.email,
      contact: order.address.phone,
    });
  } finally {
    set(payingOrderIdAtom, null);
  }
});
