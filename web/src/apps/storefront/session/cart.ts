import type { CartItems, User } from '@kirana/shared';
import { atom } from 'jotai';
import { toast } from '../../../lib/toast';
import { userAtom } from './user';
import {
  cartAdditions,
  itemCount,
  looseLines,
  rebaseCart,
  sameCart,
  sanitizeCart,
  type CartProduct,
} from './cart-items';

const CART_KEY = 'kirana.cart';

/** Shown when the server no longer knows the shopper's session (a 401). */
export const SESSION_EXPIRED = 'Your session has expired. Please log in again.';

/**
 * The browser's cart, and whose saved cart it is a copy of. Logging in (or finding the shopper
 * logged in) applies only what changed here since `base` to the server's cart, so a copy that
 * merely mirrors the server is never added to itself.
 */
export interface BrowserCart {
  /** What the shopper sees and changes. */
  items: CartItems;
  /** The shopper whose saved cart this copies, or null for a cart filled while logged out. */
  owner: string | null;
  /** The owner's saved cart as last known on the server; `{}` when `owner` is null. */
  base: CartItems;
  /**
   * Lines sent to be saved whose answer has not come (the page may have been left meanwhile):
   * a server that holds them has taken that save, and they are the base then (`baseFor`).
   */
  sending?: CartItems;
  /**
   * Which of `items`' products are sold loose (their quantities grams or ml), noted as they are
   * added, so the badge counts such a line as one item. Carts stored before it have none.
   */
  loose?: string[];
}

/**
 * What the server's cart `server` already holds of `cart`'s changes: `sending` when the server
 * took that save (its answer lost), else `base`.
 */
export function baseFor(cart: BrowserCart, server: CartItems): CartItems {
  return cart.sending && sameCart(server, cart.sending) ? cart.sending : cart.base;
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
    const sending =
      owner !== null && 'sending' in value ? { sending: sanitizeCart(value.sending) } : {};
    const loose =
      'loose' in value && Array.isArray(value.loose)
        ? { loose: value.loose.filter((id): id is string => typeof id === 'string') }
        : {};
    return { items: sanitizeCart(value.items), owner, base, ...sending, ...loose };
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

/**
 * The browser's cart with its owner, kept in localStorage (checked on read, shared across tabs).
 * Changed by the atoms below, and by the merge at login (./cart-login.ts, loaded with the login).
 */
export const browserCartAtom = atom(
  (get) => get(storedCartAtom),
  (_get, set, cart: BrowserCart) => {
    set(storedCartAtom, cart);
    writeCart(cart);
  },
);

/** The cart: product id → quantity. Mirrored on the server while logged in. */
export const cartItemsAtom = atom((get) => get(browserCartAtom).items);

/** Items in the cart, a loose product's line as one, for the nav's cart badge. */
export const cartCountAtom = atom((get) => {
  const { items, loose } = get(browserCartAtom);
  return itemCount(items, loose);
});

/**
 * A change of the cart's lines (one more of `product`, a line gone…); returns the lines it leaves.
 */
export const changeCartAtom = atom(
  null,
  (get, set, change: (items: CartItems) => CartItems, product?: CartProduct) => {
    const cart = get(browserCartAtom);
    const items = change(cart.items);
    set(browserCartAtom, { ...cart, items, loose: looseLines(items, cart.loose, product) });
    return items;
  },
);

/** `items` are sent to be saved as `userId`'s cart, their answer still to come. */
export const cartSendingAtom = atom(null, (get, set, userId: string, items: CartItems) => {
  const cart = get(browserCartAtom);
  if (cart.owner === userId) set(browserCartAtom, { ...cart, sending: items });
});

/**
 * `cart` once the answer to the save of `items` came: those lines are no longer on their way.
 * Lines another tab sent since (a `sending` of other lines) still are.
 */
function answered(cart: BrowserCart, items: CartItems): BrowserCart {
  if (!cart.sending || !sameCart(cart.sending, items)) return cart;
  const { sending: _answered, ...rest } = cart;
  return rest;
}

/** The server holds `items` as `userId`'s cart now: only what differs from them is still to be saved. */
export const cartSavedAsAtom = atom(null, (get, set, userId: string, items: CartItems) => {
  if (get(userAtom)?._id === userId) {
    set(browserCartAtom, { ...answered(get(browserCartAtom), items), owner: userId, base: items });
  }
});

/** The server answered that it did not take the save of `items`: they are not its base. */
export const cartRefusedAtom = atom(null, (get, set, items: CartItems) => {
  set(browserCartAtom, answered(get(browserCartAtom), items));
});

/**
 * The start-up check found `user` logged in: their saved cart replaces the browser's copy, plus
 * whatever was changed in that copy since it last matched the server (e.g. a product added
 * before the check answered); returns those lines when they are still to be saved, else null.
 */
export const adoptServerCartAtom = atom(
  null,
  (get, set, user: Pick<User, '_id' | 'cartItems'>): CartItems | null => {
    const server = sanitizeCart(user.cartItems);
    const cart = get(browserCartAtom);
    const { items, owner } = cart;
    const base = baseFor(cart, server);
    // Not a copy of this shopper's cart (or stored by an earlier version): the server's wins.
    const changedHere = owner === user._id && !sameCart(items, base);
    const adopted = changedHere ? rebaseCart(items, base, server) : server;
    set(browserCartAtom, { items: adopted, owner: user._id, base: server, loose: cart.loose });
    return changedHere ? adopted : null;
  },
);

/**
 * The server answered 401 (the session expired, or was ended elsewhere): nobody is logged in
 * here any more. The copy of the saved cart goes, as at logout — the server keeps it for the next
 * login — except what was added here and not saved yet, which stays as a logged-out cart and is
 * added to the saved cart at the next login. Does nothing for a visitor already logged out.
 */
export const loggedOutByServerAtom = atom(null, (get, set) => {
  const { items, owner, base, loose } = get(browserCartAtom);
  if (get(userAtom) === null && owner === null) return;
  set(userAtom, null);
  set(browserCartAtom, { items: cartAdditions(items, base), owner: null, base: {}, loose });
  toast.error(SESSION_EXPIRED);
});

/**
 * Empties the browser's cart without telling the server: after logout (call once `userAtom` is
 * cleared), and after an order, which empties the saved cart on the server itself.
 */
export const emptyCartAtom = atom(null, (get, set) => {
  const owner = get(userAtom)?._id ?? null;
  set(browserCartAtom, { items: {}, owner, base: {} });
});
