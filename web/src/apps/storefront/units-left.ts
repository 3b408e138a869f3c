import { CART_QUANTITY_OPTIONS, MAX_LINE_QUANTITY, SHOP_MESSAGES } from '@kirana/shared';

// What a shopper is told of a counted product's units left (stockCount; null: not counted), and
// of the most of a product the shop takes in one order (its maxPerLine).

/**
 * The most units of a product the cart may hold for one order: its units left when counted, and
 * no more than the shop's most per order (`mostPerLine`; before the shop is known, the most any
 * line may hold).
 */
export function mostInCart(
  product: { stockCount: number | null },
  mostPerLine: number = MAX_LINE_QUANTITY,
): number {
  return Math.min(mostPerLine, product.stockCount ?? MAX_LINE_QUANTITY);
}

/** Whether one more unit of a product can go into a cart holding `quantity` of it. */
export function canAddOne(
  product: { stockCount: number | null },
  quantity: number,
  mostPerLine?: number,
): boolean {
  return quantity < mostInCart(product, mostPerLine);
}

/** "Only 3 left" for a product whose counted units are few (fewer than the dropdown offers). */
export function fewLeftText({ stockCount }: { stockCount: number | null }): string | null {
  return stockCount !== null && stockCount > 0 && stockCount < CART_QUANTITY_OPTIONS
    ? `Only ${stockCount} left`
    : null;
}

/** "At most 20 per order" once the cart holds the shop's most of a product (or more). */
export function mostPerOrderText(quantity: number, mostPerLine: number | undefined): string | null {
  return mostPerLine !== undefined && quantity >= mostPerLine
    ? SHOP_MESSAGES.mostPerOrder(mostPerLine)
    : null;
}
