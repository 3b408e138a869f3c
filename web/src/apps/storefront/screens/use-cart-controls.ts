import { useSetAtom } from 'jotai';
import { useMemo } from 'react';
import type { CartControls } from '../features/products/components/product-card';
import { addToCartAtom, removeFromCartAtom } from '../session/cart';
import { useCartItems } from '../features/cart/atoms/use-cart-items';

/** The cart's quantities and add/remove actions, as product cards take them. */
export function useCartControls(): CartControls {
  const quantities = useCartItems();
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
