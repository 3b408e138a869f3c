import { SHOP_MESSAGES, type PlaceOrderBody } from '@kirana/shared';
import type { QueryClient } from '@tanstack/react-query';
import { atom, type createStore } from 'jotai';
import { loadChosenAddress } from '../../../session/addresses';
import { userAtom } from '../../../session/user';
import { emptyCartAtom, SESSION_EXPIRED } from '../../../session/cart';
import { cartSaved } from '../../../session/cart-mutations';
import { prepareCheckout } from '../../../../../common/payments/checkout';
import { orderCreationFailureText } from '../../../../../common/payments/payment-failure';
import { placeCodOrder } from '../api/place-cod-order';
import { placeKhataOrder } from '../api/place-khata-order';
import { placeOnlineOrder } from '../api/place-online-order';
import { refreshUserOrders } from '../cache';
import { attemptFor, outcomeKnown, type CheckoutAttempt } from './checkout-attempt';
import { payOnline } from './online-payment';

/** Cash on delivery, online now, or later on the shopper's khata. */
export type PaymentMethod = 'COD' | 'Online' | 'Khata';

export interface OrderRequest {
  items: PlaceOrderBody['items'];
  paymentMethod: PaymentMethod;
}

type Store = ReturnType<typeof createStore>;

/**
 * The last press of Place Order while its outcome is unknown (the answer never came): pressing
 * again with the same cart, address and payment sends its `Idempotency-Key` again, so the
 * server answers the first order rather than placing a second. Cleared once the server answers.
 */
const checkoutAttemptAtom = atom<CheckoutAttempt | null>(null);

/** Ends the attempt unless `error` leaves its outcome unknown. */
function settleAttempt(store: Store, error?: unknown): void {
  if (error === undefined || outcomeKnown(error)) store.set(checkoutAttemptAtom, null);
}

/**
 * Places the cart as an order, to the chosen delivery address, with the press's
 * `Idempotency-Key` (see `checkoutAttemptAtom`), once every cart save has reached the server (one
 * still in flight must not land after the order has emptied the saved cart). Once placed, the
 * cart is empty and the orders list fetched again; an online order has Checkout open over the
 * page, and its outcome is told by toasts (see `payOnline`) while the order awaits its payment
 * in My Orders. Resolves with what to tell the shopper of an order paid on delivery or put on
 * the khata (the server's words), null for one paid online. Run as `userOrderMutations.place`
 * (../mutations.ts), with the page's `store` and the cache `client`, whose failure reporter tells
 * why not: this throws an error saying it (the addresses could not be read, none is chosen, the
 * payment window could not be loaded, the order was refused or got no answer).
 */
export async function placeOrder(
  store: Store,
  client: QueryClient,
  { items, paymentMethod }: OrderRequest,
): Promise<string | null> {
  // The cart page asks a visitor to log in first: nobody here means the session ended meanwhile.
  const user = store.get(userAtom);
  if (!user) throw new Error(SESSION_EXPIRED);
  const address = await loadChosenAddress(store);
  if (!address) throw new Error(SHOP_MESSAGES.selectAddress);
  const body: PlaceOrderBody = { items, address: address._id };
  const attempt = attemptFor(store.get(checkoutAttemptAtom), JSON.stringify([paymentMethod, body]));
  store.set(checkoutAttemptAtom, attempt);
  await cartSaved(client);
  if (paymentMethod !== 'Online') {
    const place = paymentMethod === 'COD' ? placeCodOrder : placeKhataOrder;
    const answer = await settled(store, place(body, attempt.key));
    cartOrdered(store, client);
    return answer.message;
  }
  // Ready before the order exists: a payment window that cannot open places nothing.
  const checkout = await prepareCheckout();
  const answer = await settled(store, placeOnlineOrder(body, attempt.key)).catch(
    (error: unknown) => {
      throw new Error(orderCreationFailureText(error), { cause: error });
    },
  );
  cartOrdered(store, client);
  void payOnline(store, client, checkout, answer, {
    name: user.name,
    email: user.email,
    contact: address.phone,
  });
  return null;
}

/** `placing`, ending the checkout attempt once its outcome is known (see `settleAttempt`). */
async function settled<T>(store: Store, placing: Promise<T>): Promise<T> {
  try {
    const answer = await placing;
    settleAttempt(store);
    return answer;
  } catch (error) {
    settleAttempt(store, error);
    throw error;
  }
}

/** The order is placed: the server emptied the saved cart, and the orders list has one more. */
function cartOrdered(store: Store, client: QueryClient): void {
  store.set(emptyCartAtom);
  void refreshUserOrders(client);
}
