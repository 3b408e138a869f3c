import {
  CART_QUANTITY_OPTIONS,
  cartTotals,
  FREE_DELIVERY,
  lineAmount,
  toPaise,
  type CartItems,
  type CartTotals,
  type DeliveryCharge,
  type Product,
  type Paise,
  type TaxMode,
} from '@kirana/shared';
import { atom } from 'jotai';
import { browserCartAtom } from './cart';
import { clampQuantity, itemCount, looseLines } from './cart-items';

/* The cart's lines as the cart page shows them: loaded with it, not with the storefront's first page. */

export interface CartLine {
  product: Product;
  /** Pieces, or grams (ml) of a loose product. */
  quantity: number;
}

/** What a line costs at its offer price, by the one rule of every bill (quantity.ts lineAmount). */
export const lineOfferAmount = ({ product, quantity }: CartLine): Paise =>
  lineAmount(toPaise(product.offerPrice), quantity, product.unit);

/** The cart's lines in the order they were added, for the products the shop still has. */
export function cartLines(items: CartItems, products: readonly Product[]): CartLine[] {
  const byId = new Map(products.map((product) => [product._id, product]));
  return Object.entries(items).flatMap(([productId, quantity]) => {
    const product = byId.get(productId);
    return product && quantity > 0 ? [{ product, quantity }] : [];
  });
}

/** The ids of the products sold loose (by the kilo or litre) among `products`. */
const looseIdsOf = (products: readonly Product[]): string[] =>
  products.flatMap((product) => (product.unit === 'piece' ? [] : [product._id]));

/** How many items the lines are, as the nav's badge counts them (`itemCount`): a loose line is one. */
export const linesItemCount = (lines: readonly CartLine[]): number =>
  itemCount(
    Object.fromEntries(lines.map(({ product, quantity }) => [product._id, quantity])),
    looseIdsOf(lines.map(({ product }) => product)),
  );

/**
 * Notes which of the cart's products are sold loose, as the cart page learns their units, so the
 * nav's badge counts each of their lines as one item: lines a logged-in shopper's saved cart
 * brought at start-up (added on another device) come without them. Writes only a change.
 */
export const noteLooseAtom = atom(null, (get, set, products: readonly Product[]) => {
  const cart = get(browserCartAtom);
  const loose = looseLines(cart.items, [...(cart.loose ?? []), ...looseIdsOf(products)]);
  if (loose.length !== (cart.loose?.length ?? 0) || loose.some((id) => !cart.loose?.includes(id))) {
    set(browserCartAtom, { ...cart, loose });
  }
});

/**
 * Price, tax, delivery (the shop's `delivery` charge) and total of the lines in paise, at offer
 * prices; the tax is added only in the shop's `spec` mode (cartTotals).
 */
export function linesTotals(
  lines: readonly CartLine[],
  delivery: DeliveryCharge = FREE_DELIVERY,
  mode: TaxMode = 'spec',
): CartTotals {
  return cartTotals(
    lines.map(({ product, quantity }) => ({
      unitPrice: toPaise(product.offerPrice),
      quantity,
      unit: product.unit,
    })),
    delivery,
    mode,
  );
}

/**
 * The quantity dropdown's choices: 1 to 9, no more than the line may hold (`most`: the units left
 * when the shop counts them, and the shop's most per order), and always the current quantity, so
 * that the cart shows what it holds.
 */
export function quantityChoices(current: number, most: number | null = null): number[] {
  const offered = Math.min(CART_QUANTITY_OPTIONS, most ?? CART_QUANTITY_OPTIONS);
  const highest = Math.max(offered, clampQuantity(current), 1);
  return Array.from({ length: highest }, (_, index) => index + 1);
}

/**
 * A loose product's quantity choices: its steps, and always the current quantity (a step the
 * seller has since changed), in grams (ml) ascending.
 */
export function stepChoices(current: number, steps: readonly number[]): number[] {
  return [...new Set([...steps, current])].sort((a, b) => a - b);
}
