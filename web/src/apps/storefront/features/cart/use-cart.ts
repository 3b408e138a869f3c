import type { CartItems } from '@kirana/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue, useStore } from 'jotai';
import { useMemo } from 'react';
import { useHydrated } from '../../../../lib/use-hydrated';
import { cartCountAtom, cartItemsAtom } from '../../session/cart';
import { cartChanges } from '../../session/cart-mutations';

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

/** The shopper's changes of the cart: add, remove, delete a line, set a quantity (`cartChanges`). */
export function useCart(): ReturnType<typeof cartChanges> {
  const store = useStore();
  const client = useQueryClient();
  return useMemo(() => cartChanges(store, client), [store, client]);
}
