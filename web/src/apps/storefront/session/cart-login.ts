import type { CartItems, Product, User } from '@kirana/shared';
import type { QueryClient } from '@tanstack/react-query';
import { atom, type createStore } from 'jotai';
import { productQueries } from '../../../common/catalogue/queries';
import { baseFor, browserCartAtom, cartItemsAtom } from './cart';
import { cartAdditions, looseLines, mergeCarts, sanitizeCart } from './cart-items';
import { cartSaved, saveCart } from './cart-mutations';

/* The cart at login: loaded with the login (./log-in.ts), not with the storefront's first page. */

/**
 * After a login: the browser's changes applied to `user`'s cart saved on the server; returns the
 * lines, for the caller to save. A cart filled while logged out is added line by line
 * (quantities summed); a copy of this same shopper's saved cart brings only what was changed
 * here since it last matched the server. Of the products `asked` for, those not in `products`
 * or out of stock are dropped; a product added since they were asked for is the shopper's to
 * keep. With no `products` (they could not be read) the server's cart is kept as it is, and
 * there is nothing to save (null).
 */
const mergeAtLoginAtom = atom(
  null,
  (
    get,
    set,
    user: Pick<User, '_id' | 'cartItems'>,
    asked: ReadonlySet<string>,
    products: readonly (Pick<Product, '_id' | 'inStock'> & Partial<Pick<Product, 'unit'>>)[] | null,
  ): CartItems | null => {
    const server = sanitizeCart(user.cartItems);
    const cart = get(browserCartAtom);
    if (products === null) {
      set(browserCartAtom, { items: server, owner: user._id, base: server, loose: cart.loose });
      return null;
    }
    const { items, owner, base } = cart;
    const addedMeanwhile = Object.keys(items)
      .filter((id) => !asked.has(id))
      .map((id) => ({ _id: id, inStock: true }));
    const known = [...products, ...addedMeanwhile];
    const merged =
      owner === user._id
        ? mergeCarts(items, server, known, baseFor(cart, server))
        : // Another shopper's copy (their session ended here unnoticed): only what was added since.
          mergeCarts(cartAdditions(items, base), server, known);
    // Both carts' products are known here: the badge counts their loose lines as one item each.
    const loose = [
      ...(cart.loose ?? []),
      ...products.flatMap((product) =>
        (product.unit ?? 'piece') === 'piece' ? [] : [product._id],
      ),
    ];
    set(browserCartAtom, {
      items: merged,
      owner: user._id,
      base: server,
      loose: looseLines(merged, loose),
    });
    return merged;
  },
);

/**
 * After a login (call once `userAtom` is set): the browser's cart merged into `user`'s saved one
 * (`mergeAtLoginAtom`), asking the server which of both carts' products can be ordered, then
 * saved; settles once saved.
 */
export async function mergeCartAfterLogin(
  store: ReturnType<typeof createStore>,
  client: QueryClient,
  user: User,
): Promise<void> {
  const asked = new Set([
    ...Object.keys(store.get(cartItemsAtom)),
    ...Object.keys(sanitizeCart(user.cartItems)),
  ]);
  const products = await client.fetchQuery(productQueries.items([...asked])).catch(() => null);
  const merged = store.set(mergeAtLoginAtom, user, asked, products);
  if (merged === null) return;
  saveCart(store, client, { items: merged, userId: user._id });
  await cartSaved(client);
}
