import { SHOP_MESSAGES, type CartItems, type User } from '@kirana/shared';
import { atom, type Getter, type Setter } from 'jotai';
import { ApiError } from '../../../lib/api-client';
import { latestSender } from '../../../lib/latest-sender';
import { toast } from '../../../lib/toast';
import { userAtom } from './user';
import { queryClient } from '../../../lib/query-client';
import { productQueries } from '../../../common/catalogue/queries';
import { updateCart } from './api/update-cart';
import {
  addOne,
  cartAdditions,
  itemCount,
  mergeCarts,
  rebaseCart,
  removeOne,
  sameCart,
  sanitizeCart,
  setQuantity,
} from './cart-items';

const CART_KEY = 'kirana.cart';

/** Shown when the server no longer knows the shopper's session (a 401). */
export const SESSION_EXPIRED = 'Your session has expired. Please log in again.';

/**
 * The browser's cart, and whose saved cart it is a copy of. Logging in (or finding the shopper
 * logged in) applies only what changed here since `base` to the server's cart, so a copy that
 * merely mirrors the server is never added to itself.
 */
interface BrowserCart {
  /** What the shopper sees and changes. */
  items: CartItems;
  /** The shopper whose saved cart this copies, or null for a cart filled while logged out. */
  owner: string | null;
  /** The owner's saved cart as last known on the server; `{}` when `owner` is null. */
  base: CartItems;
}

const LOGGED_OUT_EMPTY: BrowserCart = { items: {}, owner: null, base: {} };

function readStored(text: string | null): BrowserCart {
  if (text === null) return LOGGED_OUT_EMPTY;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return LOGGED_OUT_EMPTY;
  }
  if (typeof value === 'object' && value !== null && 'items' in value) {
    const owner = 'owner' in value && typeof value.owner === 'string' ? value.owner : null;
    const base = owner !== null && 'base' in value ? sanitizeCart(value.base) : {};
    return { items: sanitizeCart(value.items), owner, base };
  }
  // Earlier versions stored the bare cart, with no owner: taken as a logged-out cart.
  return { items: sanitizeCart(value), owner: null, base: {} };
}

function readCart(): BrowserCart {
  try {
    return readStored(localStorage.getItem(CART_KEY));
  } catch {
    return LOGGED_OUT_EMPTY;
  }
}

function writeCart(cart: BrowserCart): void {
  try {
    localStorage.setItem(CART_KEY, JSON.stringify(cart));
  } catch {
    // Private mode or a full quota: the cart still works for this visit.
  }
}

const storedCartAtom = atom<BrowserCart>(readCart());
// Another tab's change to the cart shows here too (that tab has saved it to the server).
storedCartAtom.onMount = (setCart) => {
  const onStorage = (event: StorageEvent) => {
    if (event.key === CART_KEY) setCart(readStored(event.newValue));
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
};

/** The browser's cart with its owner, kept in localStorage (checked on read, shared across tabs). */
const browserCartAtom = atom(
  (get) => get(storedCartAtom),
  (_get, set, cart: BrowserCart) => {
    set(storedCartAtom, cart);
    writeCart(cart);
  },
);

/** The cart: product id → quantity. Mirrored on the server while logged in. */
export const cartItemsAtom = atom((get) => get(browserCartAtom).items);

/** Units in the cart, for the nav's cart badge. */
export const cartCountAtom = atom((get) => itemCount(get(cartItemsAtom)));

interface CartSave {
  items: CartItems;
  userId: string;
  get: Getter;
  set: Setter;
}

/** Saves of the logged-in shopper's cart, one at a time and always the latest. */
const serverCart = latestSender(async ({ items, userId, get, set }: CartSave) => {
  try {
    await updateCart(items);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      if (get(userAtom)?._id === userId) set(loggedOutByServerAtom);
    } else {
      toast.error(error instanceof Error ? error.message : String(error));
    }
    return;
  }
  // The server holds `items` now: only what differs from them is still to be saved.
  if (get(userAtom)?._id === userId) {
    set(browserCartAtom, { ...get(browserCartAtom), owner: userId, base: items });
  }
});

function pushSave(get: Getter, set: Setter, userId: string, items: CartItems) {
  serverCart.push({ items, userId, get, set });
}

/** Settles once every cart change so far has reached the server, e.g. before placing an order. */
export const cartSaved = () => serverCart.idle();

function saveCart(get: Getter, set: Setter, items: CartItems) {
  set(browserCartAtom, { ...get(browserCartAtom), items });
  const user = get(userAtom);
  if (user) pushSave(get, set, user._id, items);
}

/** Adds one unit of a product. */
export const addToCartAtom = atom(null, (get, set, productId: string) => {
  saveCart(get, set, addOne(get(cartItemsAtom), productId));
  toast.success(SHOP_MESSAGES.addedToCart);
});

/** Takes one unit of a product out; the line goes at zero. */
export const removeFromCartAtom = atom(null, (get, set, productId: string) => {
  saveCart(get, set, removeOne(get(cartItemsAtom), productId));
  toast.success(SHOP_MESSAGES.removedFromCart);
});

/** Takes a product's whole line out of the cart. */
export const deleteFromCartAtom = atom(null, (get, set, productId: string) => {
  saveCart(get, set, setQuantity(get(cartItemsAtom), productId, 0));
  toast.success(SHOP_MESSAGES.removedFromCart);
});

/** Sets a product's quantity directly, from the cart's quantity selector. */
export const setCartQuantityAtom = atom(null, (get, set, productId: string, quantity: number) => {
  saveCart(get, set, setQuantity(get(cartItemsAtom), productId, quantity));
  toast.success(SHOP_MESSAGES.cartUpdated);
});

/**
 * After a login: the browser's changes applied to the cart saved on the server, then saved to
 * the server. A cart filled while logged out is added line by line (quantities summed); a copy
 * of this same shopper's saved cart brings only what was changed here since it last matched the
 * server. Unorderable products are dropped. Call once `userAtom` is set.
 */
export const mergeCartAfterLoginAtom = atom(null, async (get, set, user: User) => {
  const server = sanitizeCart(user.cartItems);
  const asked = new Set([...Object.keys(get(browserCartAtom).items), ...Object.keys(server)]);
  let products;
  try {
    products = await queryClient.fetchQuery(productQueries.items([...asked]));
  } catch {
    // The products could not be read: keep the server's cart as it is.
    set(browserCartAtom, { items: server, owner: user._id, base: server });
    return;
  }
  // What the shopper added while the products were asked for is theirs to keep.
  const { items, owner, base } = get(browserCartAtom);
  const addedMeanwhile = Object.keys(items)
    .filter((id) => !asked.has(id))
    .map((id) => ({ _id: id, inStock: true }));
  const known = [...products, ...addedMeanwhile];
  const merged =
    owner === user._id
      ? mergeCarts(items, server, known, base)
      : // Another shopper's copy (their session ended here unnoticed): only what was added since.
        mergeCarts(cartAdditions(items, base), server, known);
  set(browserCartAtom, { items: merged, owner: user._id, base: server });
  pushSave(get, set, user._id, merged);
  await serverCart.idle();
});

/**
 * The start-up check found `user` logged in: their saved cart replaces the browser's copy, plus
 * whatever was changed in that copy since it last matched the server (e.g. a product added
 * before the check answered), which is then saved. Call once `userAtom` is set.
 */
export const adoptServerCartAtom = atom(null, (get, set, user: Pick<User, '_id' | 'cartItems'>) => {
  const server = sanitizeCart(user.cartItems);
  const { items, owner, base } = get(browserCartAtom);
  // Not a copy of this shopper's cart (or stored by an earlier version): the server's wins.
  const changedHere = owner === user._id && !sameCart(items, base);
  const adopted = changedHere ? rebaseCart(items, base, server) : server;
  set(browserCartAtom, { items: adopted, owner: user._id, base: server });
  if (changedHere) pushSave(get, set, user._id, adopted);
});

/**
 * The server answered 401 (the session expired, or was ended elsewhere): nobody is logged in
 * here any more. The copy of the saved cart goes, as at logout — the server keeps it for the next
 * login — except what was added here and not saved yet, which stays as a logged-out cart and is
 * added to the saved cart at the next login. Does nothing for a visitor already logged out.
 */
export const loggedOutByServerAtom = atom(null, (get, set) => {
  const { items, owner, base } = get(browserCartAtom);
  if (get(userAtom) === null && owner === null) return;
  serverCart.drop();
  set(userAtom, null);
  set(browserCartAtom, { items: cartAdditions(items, base), owner: null, base: {} });
  toast.error(SESSION_EXPIRED);
});

/**
 * Empties the browser's cart without telling the server: after logout (call once `userAtom` is
 * cleared), and after an order, which empties the saved cart on the server itself.
 */
export const emptyCartAtom = atom(null, (get, set) => {
  serverCart.drop();
  const owner = get(userAtom)?._id ?? null;
  set(browserCartAtom, { items: {}, owner, base: {} });
});
