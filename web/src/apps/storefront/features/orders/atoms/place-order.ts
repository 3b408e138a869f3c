import { SHOP_MESSAGES, type Address, type PlaceOrderBody } from '@kirana/shared';
import type { QueryClient } from '@tanstack/react-query';
import { atom, type createStore } from 'jotai';
import { toast } from '../../../../../lib/toast';
import { loadChosenAddress } from '../../../session/addresses';
import { userAtom } from '../../../session/user';
import { emptyCartAtom } from '../../../session/cart';
import { cartSaved } from '../../../session/cart-mutations';
import { prepareCheckout, type Checkout } from '../../../../../common/payments/checkout';
import { orderCreationFailureText } from '../../../../../common/payments/payment-failure';
import { placeCodOrder } from '../api/place-cod-order';
import { placeOnlineOrder } from '../api/place-online-order';
import { attemptFor, outcomeKnown, type CheckoutAttempt } from '../checkout-attempt';
import { payOnline } from './online-payment';
import { refreshUserOrders } from './orders';

export type PaymentMethod = 'COD' | 'Online';

export interface OrderRequest {
  items: PlaceOrderBody['items'];
  paymentMethod: PaymentMethod;
}

type Store = ReturnType<typeof createStore>;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

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
 * `Idempotency-Key` (see `checkoutAttemptAtom`). Resolves true once placed: the cart is then
 * empty and the orders list fetched again; an online order has Checkout open over the page, and
 * its outcome is told by toasts (see `payOnline`) while the order awaits its payment in My
 * Orders. Otherwise shows why as a toast and resolves false. Run as `userOrderMutations.place`
 * (../mutations.ts), with the page's `store` and the cache `client`.
 */
export async function placeOrder(
  store: Store,
  client: QueryClient,
  { items, paymentMethod }: OrderRequest,
): Promise<boolean> {
  let address: Address | null;
  try {
    address = await loadChosenAddress(store);
  } catch (error) {
    toast.error(errorText(error));
    return false;
  }
  if (!address) {
    toast.error(SHOP_MESSAGES.selectAddress);
    return false;
  }
  const body: PlaceOrderBody = { items, address: address._id };
  const attempt = attemptFor(store.get(checkoutAttemptAtom), JSON.stringify([paymentMethod, body]));
  store.set(checkoutAttemptAtom, attempt);
  return paymentMethod === 'COD'
    ? placeCashOrder(store, client, body, attempt.key)
    : placeOnlineOrderAndPay(store, client, body, address, attempt.key);
}

async function placeCashOrder(
  store: Store,
  client: QueryClient,
  body: PlaceOrderBody,
  key: string,
): Promise<boolean> {
  try {
    // A cart save still in flight must not land after the order has emptied the saved cart.
    await cartSaved(client);
    const answer = await placeCodOrder(body, key);
    settleAttempt(store);
    store.set(emptyCartAtom);
    void refreshUserOrders(client);
    toast.success(answer.message);
    return true;
  } catch (error) {
    settleAttempt(store, error);
    toast.error(errorText(error));
    return false;
  }
}

async function placeOnlineOrderAndPay(
  store: Store,
  client: QueryClient,
  body: PlaceOrderBody,
  address: Address,
  key: string,
): Promise<boolean> {
  const user = store.get(userAtom);
  if (!user) return false;
  let checkout: Checkout;
  try {
    await cartSaved(client);
    // Ready before the order exists: a payment window that cannot open places nothing.
    checkout = await prepareCheckout();
  } catch (error) {
    toast.error(errorText(error));
    return false;
  }
  let answer;
  try {
    answer = await placeOnlineOrder(body, key);
  } catch (error) {
    settleAttempt(store, error);
    toast.error(orderCreationFailureText(error));
    return false;
  }
  settleAttempt(store);
  store.set(emptyCartAtom);
  void refreshUserOrders(client);
  void payOnline(store, client, checkout, answer, {
    name: user.name,
    email: user.email,
    contact: address.phone,
  });
  return true;
}
