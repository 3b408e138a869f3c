import { MAX_LINE_QUANTITY, type CartItems, type Product } from '@kirana/shared';

/*
 * The cart as pure functions of `CartItems` (product id → quantity), so the atoms only store
 * and sync what these return. None of them changes its argument.
 */

/** `quantity` as a line may hold it: a whole number from 0 to the most a line may hold. */
export const clampQuantity = (quantity: number): number =>
  Math.min(MAX_LINE_QUANTITY, Math.max(0, Math.trunc(quantity)));

/** The cart with one more of `productId` (capped at the largest quantity a line may hold). */
export function addOne(items: CartItems, productId: string): CartItems {
  return { ...items, [productId]: clampQuantity((items[productId] ?? 0) + 1) };
}

/** The cart with one fewer of `productId`; the line goes away at zero. */
export function removeOne(items: CartItems, productId: string): CartItems {
  return setQuantity(items, productId, (items[productId] ?? 0) - 1);
}

/** The cart with `productId` at `quantity`; zero or less removes the line. */
export function setQuantity(items: CartItems, productId: string, quantity: number): CartItems {
  const { [productId]: _current, ...rest } = items;
  const clamped = clampQuantity(quantity);
  return clamped === 0 ? rest : { ...rest, [productId]: clamped };
}

/** How many items the cart holds, counting each unit (the nav's cart badge). */
export function itemCount(items: CartItems): number {
  return Object.values(items).reduce((sum, quantity) => sum + quantity, 0);
}

/**
 * The cart a shopper has after logging in: the browser's changes applied to the cart saved on
 * the server (`rebaseCart`), capped at the largest quantity a line may hold. With no `base` — a
 * cart filled while logged out — every browser line is a change, so quantities are summed.
 * Products that no longer exist or are out of stock are dropped, since they cannot be ordered.
 */
export function mergeCarts(
  browser: CartItems,
  server: CartItems,
  products: readonly Pick<Product, '_id' | 'inStock'>[],
  base: CartItems = {},
): CartItems {
  const orderable = new Set(products.filter((p) => p.inStock).map((p) => p._id));
  return Object.fromEntries(
    Object.entries(rebaseCart(browser, base, server)).filter(([productId]) =>
      orderable.has(productId),
    ),
  );
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
