import type { CartItems } from '@kirana/shared';
import { useAtomValue } from 'jotai';
import { useHydrated } from '../../../../../lib/use-hydrated';
import { cartCountAtom, cartItemsAtom } from '../../../session/cart';

const NOTHING: CartItems = {};

/**
 * The cart as screens show it: the browser's own, except while React hydrates a page the server
 * rendered, which knows no browser's cart (then empty, as the server rendered it).
 */
export function useCartItems(): CartItems {
  const items = useAtomValue(cartItemsAtom);
  return useHydrated() ? items : NOTHING;
}

/** Units in the cart, for the nav's badge; 0 while a server-rendered page is hydrated. */
export function useCartCount(): number {
  const count = useAtomValue(cartCountAtom);
  return useHydrated() ? count : 0;
}
