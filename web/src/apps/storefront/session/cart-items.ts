import {
  MAX_LINE_QUANTITY,
  MAX_LOOSE_QUANTITY,
  type CartItems,
  type Product,
} from '@kirana/shared';
import { nextQuantity, previousQuantity, type SoldAs } from '../units-left';

/*
 * The cart as pure functions of `CartItems` (product id → quantity: pieces, or grams or ml of a
 * loose product), so the atoms only store and sync what these return. None of them changes its
 * argument.
 */

/**
 * `quantity` as a line may hold it: a whole number from 0 to the most any line may hold (a loose
 * product's grams; of pieces, + and the shop's most per order keep a line lower).
 */
export const clampQuantity = (quantity: number): number =>
  Math.min(MAX_LOOSE_QUANTITY, Math.max(0, Math.trunc(quantity)));

/** A product as the cart's + and − move its line. */
export type CartProduct = Pick<Product, '_id'> & Pick<SoldAs, 'unit' | 'steps'>;

/** The cart with one more piece of `product`, or its next step (unchanged at the last). */
export function addOne(items: CartItems, product: CartProduct): CartItems {
  const next = nextQuantity(product, items[product._id] ?? 0);
  return next === null ? items : setQuantity(items, product._id, next);
}

/** The cart with one piece fewer of `product`, or its step below; the line goes away at zero. */
export function removeOne(items: CartItems, product: CartProduct): CartItems {
  if (!(product._id in items)) return items;
  return setQuantity(items, product._id, previousQuantity(product, items[product._id] ?? 0));
}

/** The cart with `productId` at `quantity`; zero or less removes the line. */
export function setQuantity(items: CartItems, productId: string, quantity: number): CartItems {
  const { [productId]: _current, ...rest } = items;
  const clamped = clampQuantity(quantity);
  return clamped === 0 ? rest : { ...rest, [productId]: clamped };
}

/**
 * How many items the cart holds (the nav's cart badge): each piece, and a line of a product sold
 * loose (`loose`: their ids), whose quantity is grams or ml, as one.
 */
export function itemCount(items: CartItems, loose: readonly string[] = []): number {
  return Object.entries(items).reduce(
    (sum, [productId, quantity]) => sum + (loose.includes(productId) ? 1 : quantity),
    0,
  );
}

/**
 * `loose` (ids of products sold loose) with `product` when it is sold loose, kept to the lines
 * `items` holds.
 */
export function looseLines(
  items: CartItems,
  loose: readonly string[] = [],
  product?: CartProduct,
): string[] {
  const ids = product && product.unit !== 'piece' ? [...loose, product._id] : loose;
  return [...new Set(ids)].filter((productId) => productId in items);
}

/**
 * The cart a shopper has after logging in: the browser's changes applied to the cart saved on
 * the server (`rebaseCart`), capped at the most a line of each product may hold (a loose one's
 * line at the largest of its steps it reaches). With no `base` — a cart filled while logged out —
 * every browser line is a change, so quantities are summed. Products that no longer exist or are
 * out of stock are dropped, since they cannot be ordered.
 */
export function mergeCarts(
  browser: CartItems,
  server: CartItems,
  products: readonly (Pick<Product, '_id' | 'inStock'> &
    Partial<Pick<Product, 'unit' | 'steps'>>)[],
  base: CartItems = {},
): CartItems {
  const orderable = new Map(products.filter((p) => p.inStock).map((p) => [p._id, p]));
  const merged: CartItems = {};
  for (const [productId, quantity] of Object.entries(rebaseCart(browser, base, server))) {
    const product = orderable.get(productId);
    if (!product) continue;
    const { unit = 'piece', steps } = product;
    merged[productId] =
      unit === 'piece'
        ? Math.min(quantity, MAX_LINE_QUANTITY)
        : (steps?.findLast((step) => step <= quantity) ?? steps?.[0] ?? quantity);
  }
  return merged;
}

/**
 * `server` with the changes that turned `base` into `items` applied to it, per product: a line
 * added, raised, lowered or removed in the browser since its copy last matched the server's
 * (`base`) is added, raised, lowered or removed on top of what the server holds now. So a copy
 * that only mirrors the server's cart adds nothing to it, and the server's own later changes
 * (another device, an order) are kept.
 */
export function rebaseCart(items: CartItems, base: CartItems, server: CartItems): CartItems {
  const rebased: CartItems = {};
  const productIds = new Set([...Object.keys(server), ...Object.keys(items), ...Object.keys(base)]);
  for (const productId of productIds) {
    const quantity = clampQuantity(
      (server[productId] ?? 0) + (items[productId] ?? 0) - (base[productId] ?? 0),
    );
    if (quantity > 0) rebased[productId] = quantity;
  }
  return rebased;
}

/** What `items` holds beyond `base`: the lines added, and the units added to lines, since. */
export function cartAdditions(items: CartItems, base: CartItems): CartItems {
  const added: CartItems = {};
  for (const [productId, quantity] of Object.entries(items)) {
    const extra = quantity - (base[productId] ?? 0);
    if (extra > 0) added[productId] = extra;
  }
  return added;
}

/** Whether two carts hold the same quantities of the same products (in any order). */
export function sameCart(a: CartItems, b: CartItems): boolean {
  const entries = Object.entries(a);
  return (
    entries.length === Object.keys(b).length &&
    entries.every(([productId, quantity]) => b[productId] === quantity)
  );
}

/**
 * A cart read back from browser storage, keeping only well-formed lines: another version of the
 * app, or a person, may have left anything there.
 */
export function sanitizeCart(value: unknown): CartItems {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const items: CartItems = {};
  for (const [productId, quantity] of Object.entries(value)) {
    if (typeof quantity !== 'number' || !Number.isInteger(quantity)) continue;
    if (quantity < 1 || productId === '') continue;
    items[productId] = clampQuantity(quantity);
  }
  return items;
}
