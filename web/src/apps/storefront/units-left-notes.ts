import { CART_QUANTITY_OPTIONS, SHOP_MESSAGES, formatQuantity, type Unit } from '@kirana/shared';
import type { SoldAs } from './units-left';

// What a shopper is told of a counted product's units left and of the shop's most per order: the
// product page and the cart say it, so the first page (the cards' + and −) carries none of it.

/**
 * "Only 3 left" for a product whose counted units are few (fewer than the dropdown offers), "Only
 * 800 g left" for a loose one with less than its largest step.
 */
export function fewLeftText({
  stockCount,
  unit = 'piece',
  steps,
}: Pick<SoldAs, 'stockCount'> & Partial<SoldAs>): string | null {
  const few = unit === 'piece' ? CART_QUANTITY_OPTIONS : (steps?.at(-1) ?? 0);
  return stockCount !== null && stockCount > 0 && stockCount < few
    ? `Only ${formatQuantity(stockCount, unit)} left`
    : null;
}

/**
 * "At most 20 per order" once the cart holds the shop's most of a product (or more); its most is
 * of pieces, and a loose product's line is bounded by its steps.
 */
export function mostPerOrderText(
  quantity: number,
  mostPerLine: number | undefined,
  unit: Unit = 'piece',
): string | null {
  return unit === 'piece' && mostPerLine !== undefined && quantity >= mostPerLine
    ? SHOP_MESSAGES.mostPerOrder(mostPerLine)
    : null;
}
