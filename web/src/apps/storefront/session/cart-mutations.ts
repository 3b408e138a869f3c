import { SHOP_MESSAGES, type CartItems } from '@kirana/shared';
import { MutationObserver, mutationOptions, type QueryClient } from '@tanstack/react-query';
import type { createStore } from 'jotai';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { reportFailure } from '../failure-message';
import { updateCart } from './api/update-cart';
import {
  cartItemsAtom,
  cartRefusedAtom,
  cartSavedAsAtom,
  cartSendingAtom,
  changeCartAtom,
  loggedOutByServerAtom,
} from './cart';
import { addOne, removeOne, sameCart, setQuantity, type CartProduct } from './cart-items';
import { userAtom } from './user';

/*
 * The server's copy of a logged-in shopper's cart. The cart itself lives in the browser
 * (./cart.ts); each change of it is saved whole, by `cartMutations.save`.
 */

/** The page's jotai store: lib/store.ts's in the browser, the test's own in tests. */
type Store = ReturnType<typeof createStore>;

const CART_SAVE_KEY = ['cart', 'save'] as const;

/** One save: the whole cart, as the cart of shopper `userId`. */
export interface CartSave {
  items: CartItems;
  userId: string;
}

/**
 * Whether `save` is no longer the one to send when its turn comes: a newer save waits behind it
 * (which sends the cart as it is now), or the cart is no longer these lines of this shopper's
 * (logged out, emptied after an order, changed in another tab, which saves it itself).
 */
function outdated(store: Store, client: QueryClient, save: CartSave): boolean {
  const queued = client
    .getMutationCache()
    .findAll({ mutationKey: CART_SAVE_KEY, status: 'pending' });
  return (
    queued.at(-1)?.state.variables !== save ||
    store.get(userAtom)?._id !== save.userId ||
    !sameCart(store.get(cartItemsAtom), save.items)
  );
}

export const cartMutations = {
  /**
   * Saves the logged-in shopper's whole cart (`POST /api/cart/update`). Saves run one at a time
   * in the order they were asked (one scope), so none overtakes another, and only the latest
   * counts: a burst of changes costs at most two requests (see `outdated`). Resolves whether it
   * was sent. The server then holds the lines (the browser's `base`). A 401 logs the shopper out
   * here (`loggedOutByServerAtom`); any other failure is reported, and the next save still goes.
   */
  save: (store: Store) =>
    mutationOptions({
      mutationKey: CART_SAVE_KEY,
      scope: { id: CART_SAVE_KEY.join('.') },
      // Offline, a save fails and says so at once: one held until the network is back would hold
      // up Place Order, which waits for the saves (`cartSaved`).
      networkMode: 'always',
      mutationFn: async (save: CartSave, { client }) => {
        if (outdated(store, client, save)) return false;
        store.set(cartSendingAtom, save.userId, save.items);
        await updateCart(save.items);
        return true;
      },
      onSuccess: (sent, { items, userId }) => {
        if (sent) store.set(cartSavedAsAtom, userId, items);
      },
      onError: (error, { items, userId }) => {
        // An answer says the save was not taken; without one (no network) it may have been.
        if (error instanceof ApiError && error.status > 0) store.set(cartRefusedAtom, items);
        if (!(error instanceof ApiError && error.status === 401)) reportFailure()(error);
        else if (store.get(userAtom)?._id === userId) store.set(loggedOutByServerAtom);
      },
    }),
};

/** Queues `save` (see `cartMutations.save`, which reports its failure). */
export function saveCart(store: Store, client: QueryClient, save: CartSave): void {
  const observer = new MutationObserver(client, cartMutations.save(store));
  void observer
    .mutate(save)
    .catch(() => undefined)
    // Unobserved, the finished save leaves the cache in its own time.
    .finally(() => observer.reset());
}

/** Settles once every cart save so far has reached the server (or failed), e.g. before an order. */
export function cartSaved(client: QueryClient): Promise<void> {
  const saving = () => client.isMutating({ mutationKey: CART_SAVE_KEY }) > 0;
  if (!saving()) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = client.getMutationCache().subscribe(() => {
      if (saving()) return;
      unsubscribe();
      resolve();
    });
  });
}

/** The shopper's changes of the cart: each one is said, and saved while logged in. */
export function cartChanges(store: Store, client: QueryClient) {
  const change = (apply: (items: CartItems) => CartItems, said: string, product?: CartProduct) => {
    const items = store.set(changeCartAtom, apply, product);
    toast.success(said);
    const user = store.get(userAtom);
    if (user) saveCart(store, client, { items, userId: user._id });
  };
  return {
    /** Adds one piece of a product, or takes a loose one to its next step. */
    add: (product: CartProduct) =>
      change((items) => addOne(items, product), SHOP_MESSAGES.addedToCart, product),
    /** Takes one piece out, or a loose product to its step below; the line goes at zero. */
    remove: (product: CartProduct) =>
      change((items) => removeOne(items, product), SHOP_MESSAGES.removedFromCart),
    /** Takes a product's whole line out of the cart. */
    delete: (productId: string) =>
      change((items) => setQuantity(items, productId, 0), SHOP_MESSAGES.removedFromCart),
    /** Sets a product's quantity directly, from the cart's quantity selector. */
    setQuantity: (productId: string, quantity: number) =>
      change((items) => setQuantity(items, productId, quantity), SHOP_MESSAGES.cartUpdated),
  };
}
