import { MAX_LINE_QUANTITY, MAX_LOOSE_QUANTITY, type Product } from '@kirana/shared';

// How much of a product the cart may hold, by its units left (stockCount; null: not counted) and
// the most of a product the shop takes in one order (its maxPerLine); and the quantities a line
// of it moves through: pieces one at a time, a loose product by its steps
// (docs/catalogue.md#steps). What the shopper is told of them is units-left-notes.ts.

/** What the cart needs to know of a product to hold it. */
export type SoldAs = Pick<Product, 'unit' | 'steps' | 'stockCount'>;

/**
 * The most of a product the cart may hold for one order: its units (grams, ml) left when counted,
 * and no more than the shop's most per order (`mostPerLine` pieces, or as many kilos or litres of
 * a loose product, as orders take them; before the shop is known, the most any line may hold).
 */
export function mostInCart(
  product: Pick<SoldAs, 'stockCount'> & Partial<SoldAs>,
  mostPerLine?: number,
): number {
  const most =
    (product.unit ?? 'piece') === 'piece'
      ? (mostPerLine ?? MAX_LINE_QUANTITY)
      : Math.min(MAX_LOOSE_QUANTITY, (mostPerLine ?? Infinity) * 1000);
  return Math.min(most, product.stockCount ?? most);
}

/**
 * What + takes a line holding `quantity` of a product to: one more piece, or a loose product's
 * next step above it (250 g → 500 g → 1 kg); null when there is none.
 */
export function nextQuantity(product: Pick<SoldAs, 'unit' | 'steps'>, quantity: number) {
  if (product.unit === 'piece') return quantity < MAX_LINE_QUANTITY ? quantity + 1 : null;
  return product.steps?.find((step) => step > quantity) ?? null;
}

/** What − takes it to: one piece fewer, or the loose product's step below (0: out of the cart). */
export function previousQuantity(product: Pick<SoldAs, 'unit' | 'steps'>, quantity: number) {
  if (product.unit === 'piece') return Math.max(0, quantity - 1);
  return product.steps?.findLast((step) => step < quantity) ?? 0;
}

/** Whether + can take a cart holding `quantity` of a product further (a piece, or its next step). */
export function canAddOne(product: SoldAs, quantity: number, mostPerLine?: number): boolean {
  const next = nextQuantity(product, quantity);
  return next !== null && next <= mostInCart(product, mostPerLine);
}
