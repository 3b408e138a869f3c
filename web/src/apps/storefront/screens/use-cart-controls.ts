import { useMemo } from 'react';
import type { CartControls } from '../features/products/components/product-card';
import { useKnownShop } from '../../../common/shop-settings/cache';
import { useCart, useCartItems } from '../features/cart/use-cart';

/** The cart's quantities, the most a line may hold and add/remove actions, as cards take them. */
export function useCartControls(): CartControls {
  const quantities = useCartItems();
  // As the page holds the shop: cards on the first page add neither a call nor the shop's module.
  const mostPerLine = useKnownShop()?.maxPerLine;
  const { add, remove } = useCart();
  return useMemo(
    () => ({
      quantities,
      mostPerLine,
      onAdd: add,
      onRemove: remove,
    }),
    [quantities, mostPerLine, add, remove],
  );
}
