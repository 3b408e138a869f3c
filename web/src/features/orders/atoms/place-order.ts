import { MESSAGES, type Address, type PlaceOrderBody } from '@kirana/shared';
import { atom, type Getter, type Setter } from 'jotai';
import { toast } from '../../../lib/toast';
import { chosenAddressAtom } from '../../addresses/atoms/addresses';
import { userAtom } from '../../auth/atoms/user';
import { cartSaved, emptyCartAtom } from '../../cart/atoms/cart';
import { prepareCheckout, type Checkout } from '../../payments/checkout';
import { orderCreationFailureText } from '../../payments/payment-failure';
import { placeCodOrder } from '../api/place-cod-order';
import { placeOnlineOrder } from '../api/place-online-order';
import { payOnline } from './online-payment';
import { userOrdersAtom } from './orders';

export type PaymentMethod = 'COD' | 'Online';

export interface OrderRequest {
  items: PlaceOrderBody['items'];
  paymentMethod: PaymentMethod;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Places the cart as an order, to the chosen delivery address. Resolves true once placed: the
 * cart is then empty and the orders list fetched again; an online order has Checkout open over
 * the page, and its outcome is told by toasts (see `payOnline`) while the order awaits its
 * payment in My Orders. Otherwise shows why as a toast and resolves false.
 */
export const placeOrderAtom = atom(
  null,
  async (get, set, { items, paymentMethod }: OrderRequest): Promise<boolean> => {
    let address: Address | null;
    try {
      address = await get(chosenAddressAtom);
    } catch (error) {
      toast.error(errorText(error));
      return false;
    }
    if (!address) {
      toast.error(MESSAGES.selectAddress);
      return false;
    }
    return paymentMethod === 'COD'
      ? placeCashOrder(set, items, address)
      : placeOnlineOrderAndPay(get, set, items, address);
  },
);

async function placeCashOrder(
  set: Setter,
  items: PlaceOrderBody['items'],
  address: Address,
): Promise<boolean> {
  try {
    // A cart save still in flight must not land after the order has emptied the saved cart.
    await cartSaved();
    const answer = await placeCodOrder({ items, address: address._id });
    set(emptyCartAtom);
    set(userOrdersAtom);
    toast.success(answer.message);
    return true;
  } catch (error) {
    toast.error(errorText(error));
    return false;
  }
}

async function placeOnlineOrderAndPay(
  get: Getter,
  set: Setter,
  items: PlaceOrderBody['items'],
  address: Address,
): Promise<boolean> {
  const user = get(userAtom);
  if (!user) return false;
  let checkout: Checkout;
  try {
    await cartSaved();
    // Ready before the order exists: a payment window that cannot open places nothing.
    checkout = await prepareCheckout();
  } catch (error) {
    toast.error(errorText(error));
    return false;
  }
  let answer;
  try {
    answer = await placeOnlineOrder({ items, address: address._id });
  } catch (error) {
    toast.error(orderCreationFailureText(error));
    return false;
  }
  set(emptyCartAtom);
  set(userOrdersAtom);
  void payOnline(set, checkout, answer, {
    name: user.name,
    email: user.email,
    contact: address.phone,
  });
  return true;
}
