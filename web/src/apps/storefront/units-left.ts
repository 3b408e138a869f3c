import { CART_QUANTITY_OPTIONS } from '@kirana/shared';

// What a shopper is told of a counted product's units left (stockCount; null: not counted).

/** Whether one more unit of a product can go into a cart holding `quantity` of it. */
export function canAddOne(product: { stockCount: number | null }, quantity: number): boolean {
  return product.stockCount === null || quantity < product.stockCount;
}

/** "Only 3 left" for a product whose counted units are few (fewer than the dropdown offers). */
export function fewLeftText({ stockCount }: { stockCount: number | null }): string | null {
  return stockCount !== null && stockCount > 0 && stockCount < CART_QUANTITY_OPTIONS
    ? `Only ${stockCount} left`
    : null;
}
