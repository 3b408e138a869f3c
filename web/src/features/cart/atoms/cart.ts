import { MESSAGES, type CartItems } from '@kirana/shared';
import { atom, type Getter, type Setter } from 'jotai';
import { latestSender } from '../../../lib/latest-sender';
import { toast } from '../../../lib/toast';
import { userAtom } from '../../auth/atoms/user';
import { productsAtom } from '../../products/atoms/products';
import { updateCart } from '../api/update-cart';
import { addOne, itemCount, mergeCarts, removeOne, sanitizeCart, setQuantity } from '../cart-items';

const CART_KEY = 'kirana.cart';

function readStored(text: string | null): CartItems {
  if (text === null) return {};
  try {
    return sanitizeCart(JSON.parse(text));
  } catch {
    return {};
  }
}

function readCart(): CartItems {
  try {
    return readStored(localStorage.getItem(CART_KEY));
  } catch {
    return {};
  }
}

function writeCart(items: CartItems): void {
  try {
    localStorage.setItem(CART_KEY, JSON.stringify(items));
  } catch {
    // Private mode or a full quota: the cart still works for this visit.
  }
}

const storedCartAtom = atom<CartItems>(readCart());
// Another tab's change to the cart shows here too (that tab has saved it to the server).
storedCartAtom.onMount = (setItems) => {
  const onStorage = (event: StorageEvent) => {
    if (event.key === CART_KEY) setItems(readStored(event.newValue));
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
};

/**
 * The cart: product id → quantity. Kept in the browser's localStorage (checked on read, shared
 * across tabs); mirrored on the server once logged in.
 */
export const cartItemsAtom = atom(
  (get) => get(storedCartAtom),
  (_get, set, items: CartItems) => {
    set(storedCartAtom, items);
    writeCart(items);
  },
);

/** Units in the cart, for the nav's cart badge. */
export const cartCountAtom = atom((get) => itemCount(get(cartItemsAtom)));

/** Saves of the logged-in shopper's cart, one at a time and always the latest. */
const serverCart = latestSender(async (items: CartItems) => {
  try {
    await updateCart(items);
  } catch (error) {
    toast.error(error instanceof Error ? error.message : String(error));
  }
});

/** Settles once every cart change so far has reached the server, e.g. before placing an order. */
export const cartSaved = () => serverCart.idle();

function saveCart(get: Getter, set: Setter, items: CartItems) {
  set(cartItemsAtom, items);
  if (get(userAtom)) serverCart.push(items);
}

/** Adds one unit of a product. */
export const addToCartAtom = atom(null, (get, set, productId: string) => {
  saveCart(get, set, addOne(get(cartItemsAtom), productId));
  toast.success(MESSAGES.addedToCart);
});

/** Takes one unit of a product out; the line goes at zero. */
export const removeFromCartAtom = atom(null, (get, set, productId: string) => {
  saveCart(get, set, removeOne(get(cartItemsAtom), productId));
  toast.success(MESSAGES.removedFromCart);
});

/** Takes a product's whole line out of the cart. */
export const deleteFromCartAtom = atom(null, (get, set, productId: string) => {
  saveCart(get, set, setQuantity(get(cartItemsAtom), productId, 0));
  toast.success(MESSAGES.removedFromCart);
});

/** Sets a product's quantity directly, from the cart's quantity selector. */
export const setCartQuantityAtom = atom(null, (get, set, productId: string, quantity: number) => {
  saveCart(get, set, setQuantity(get(cartItemsAtom), productId, quantity));
  toast.success(MESSAGES.cartUpdated);
});

/**
 * After a login: the browser's cart merged into the one saved on the server (quantities summed,
 * unorderable products dropped), then saved to the server. Call once `userAtom` is set.
 */
export const mergeCartAfterLoginAtom = atom(null, async (get, set, serverItems: CartItems) => {
  let products;
  try {
    products = await get(productsAtom);
  } catch {
    // The catalogue did not load (already reported): keep the server's cart as it is.
    set(cartItemsAtom, serverItems);
    return;
  }
  const merged = mergeCarts(get(cartItemsAtom), serverItems, products);
  set(cartItemsAtom, merged);
  serverCart.push(merged);
  await serverCart.idle();
});

/** The logged-in shopper's saved cart replaces the browser's copy (start-up check). */
export const adoptServerCartAtom = atom(null, (_get, set, serverItems: CartItems) => {
  set(cartItemsAtom, sanitizeCart(serverItems));
});

/**
 * Empties the browser's cart without telling the server: after logout, and after an order,
 * which empties the saved cart on the server itself.
 */
export const emptyCartAtom = atom(null, (_get, set) => {
  serverCart.drop();
  set(cartItemsAtom, {});
});
