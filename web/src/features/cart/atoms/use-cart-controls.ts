import { useAtomValue, useSetAtom } from 'jotai';
import { useMemo } from 'react';
import type { CartControls } from '../../products/components/product-card';
import { addToCartAtom, cartItemsAtom, removeFromCartAtom } from './cart';

/** The cart's quantities and add/remove actions, as product cards take them. */
export function useCartControls(): CartControls {
  const quantities = useAtomValue(cartItemsAtom);
  const add = useSetAtom(addToCartAtom);
  const remove = useSetAtom(removeFromCartAtom);
  return useMemo(
    () => ({
      quantities,
      onAdd: (product) => add(product._id),
      onRemove: (product) => remove(product._id),
    }),
    [quantities, add, remove],
  );
}
