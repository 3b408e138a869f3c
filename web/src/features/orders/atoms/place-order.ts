import { MESSAGES, type PlaceOrderBody } from '@kirana/shared';
import { atom } from 'jotai';
import { toast } from '../../../lib/toast';
import { chosenAddressAtom } from '../../addresses/atoms/addresses';
import { cartSaved, emptyCartAtom } from '../../cart/atoms/cart';
import { placeCodOrder } from '../api/place-cod-order';
import { userOrdersAtom } from './orders';

export type PaymentMethod = 'COD' | 'Online';

export interface OrderRequest {
  items: PlaceOrderBody['items'];
  paymentMethod: PaymentMethod;
}

/**
 * Places the cart as an order, to the chosen delivery address. Resolves true once placed (the cart is then empty and the orders
 * list stale); otherwise shows why as a toast and resolves false.
 */
export const placeOrderAtom = atom(
  null,
  async (get, set, { items, paymentMethod }: OrderRequest): Promise<boolean> => {
    try {
      const address = await get(chosenAddressAtom);
      if (!address) {
        toast.error(MESSAGES.selectAddress);
        return false;
      }
      if (paymentMethod !== 'COD') {
        toast.error(ONLINE_UNAVAILABLE);
        return false;
      }
      // A cart save still in flight must not land after the order has emptied the saved cart.
      await cartSaved();
      const answer = await placeCodOrder({ items, address: address._id });
      set(emptyCartAtom);
      set(userOrdersAtom);
      toast.success(answer.message);
      return true;
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
      return false;
    }
  },
);

/** Online payment arrives with the payments issue; until then only cash on delivery is offered. */
export const ONLINE_UNAVAILABLE =
  'Online payment is not available yet. Please choose Cash On Delivery.';
