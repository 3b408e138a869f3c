import type { CartItems, Product, User } from '@kirana/shared';
import { MutationObserver } from '@tanstack/react-query';
import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aProduct } from '../../../test/products';

/*
 * The cart against a fake server, across page loads: each `openShop()` is a fresh page (new
 * modules, new store) over the same localStorage and the same server.
 */

const milk = aProduct({ name: 'Milk' });
const bread = aProduct({ name: 'Bread' });
const eggs = aProduct({ name: 'Eggs' });
const ghee = aProduct({ name: 'Ghee', inStock: false });
const dal = aProduct({ name: 'Toor Dal', unit: 'kg', steps: [250, 500, 1000] });
/** What the server's catalogue holds (`GET /api/product/items` leaves out other ids). */
const products: Product[] = [milk, bread, eggs, ghee, dal];

const server = { cart: {} as CartItems, loggedIn: false };
const shopper = { _id: 'shopper-1', name: 'Asha', email: 'asha@example.com' };
const userOnServer = (): User => ({ ...shopper, cartItems: { ...server.cart } });

const mocks = vi.hoisted(() => ({
  updateCart: vi.fn(),
  getUserAuth: vi.fn(),
  loginUser: vi.fn(),
  getProductItems: vi.fn<(api: unknown, ids: readonly string[]) => Promise<Product[]>>(),
  toast: { success: vi.fn(), error: vi.fn() },
  /** The current page's `ApiError`s (modules are reloaded with each page). */
  unauthorized: (): Error => new Error('no page open'),
  serverDown: (): Error => new Error('no page open'),
}));

vi.mock('./api/update-cart', () => ({ updateCart: mocks.updateCart }));
vi.mock('./api/get-user-auth', () => ({ getUserAuth: mocks.getUserAuth }));
vi.mock('./api/login-user', () => ({ loginUser: mocks.loginUser }));
vi.mock('../../../common/catalogue/api/get-product-items', () => ({
  getProductItems: mocks.getProductItems,
}));
vi.mock('../../../lib/toast', () => ({ toast: mocks.toast }));

const storage = new Map<string, string>();
/** The open page's cache of the server's data. */
let pageQueries: { clear(): void } | undefined;

beforeEach(() => {
  vi.clearAllMocks();
  storage.clear();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
    removeItem: (key: string) => void storage.delete(key),
  });
  Object.assign(server, { cart: {}, loggedIn: false });
  mocks.getProductItems.mockImplementation(async (_api, ids) =>
    products.filter((product) => ids.includes(product._id)),
  );
  mocks.getUserAuth.mockImplementation(async () => (server.loggedIn ? userOnServer() : null));
  mocks.updateCart.mockImplementation(async (items: CartItems) => {
    if (!server.loggedIn) throw mocks.unauthorized();
    server.cart = { ...items };
    return { success: true, message: 'Cart Updated' };
  });
  mocks.loginUser.mockImplementation(async () => {
    server.loggedIn = true;
    return { success: true, message: 'Logged In', user: userOnServer() };
  });
});

afterEach(() => {
  pageQueries?.clear();
  pageQueries = undefined;
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A fresh page load of the storefront; `check` runs the start-up login check to its end. */
async function openShop({ check = true } = {}) {
  vi.resetModules();
  const [cart, saves, session, logIn, user, api, queries, lines] = await Promise.all([
    import('./cart'),
    import('./cart-mutations'),
    import('./session'),
    import('./log-in'),
    import('./user'),
    import('../../../lib/api-client'),
    import('../../../lib/query-client'),
    import('./cart-lines'),
  ]);
  pageQueries?.clear();
  pageQueries = queries.queryClient;
  mocks.unauthorized = () => new api.ApiError('Please log in', 401);
  mocks.serverDown = () => new api.ApiError('Server down', 500);
  const store = createStore();
  const changes = saves.cartChanges(store, queries.queryClient);
  const page = {
    store,
    cart: () => store.get(cart.cartItemsAtom),
    /** The nav's cart badge's number. */
    count: () => store.get(cart.cartCountAtom),
    /** The cart page has loaded the cart's products. */
    cartPageLoaded: () => store.set(lines.noteLooseAtom, products),
    user: () => store.get(user.userAtom),
    add: (product: Product) => changes.add(product),
    remove: (product: Product) => changes.remove(product),
    /** The cart emptied after an order (the server empties its own). */
    ordered: () => store.set(cart.emptyCartAtom),
    checkAuth: () => session.checkShopperAuth(store, queries.queryClient),
    logIn: () =>
      new MutationObserver(queries.queryClient, logIn.logInMutations.logIn(store)).mutate({
        mode: 'login',
        name: '',
        email: shopper.email,
        password: 'secret',
      }),
    saved: () => saves.cartSaved(queries.queryClient),
    SESSION_EXPIRED: cart.SESSION_EXPIRED,
  };
  if (check) await page.checkAuth();
  return page;
}

/** The shopper has `items` saved, is logged in, and this browser mirrors them. */
async function loggedInWith(items: CartItems) {
  server.cart = { ...items };
  const page = await openShop();
  await page.logIn();
  expect(page.cart()).toEqual(items);
  return page;
}

describe('a cart filled while logged out', () => {
  it('is added to the saved cart at login, quantities summed', async () => {
    server.cart = { [milk._id]: 2 };
    const page = await openShop();
    page.add(milk);
    page.add(bread);

    await page.logIn();

    const summed = { [milk._id]: 3, [bread._id]: 1 };
    expect(page.cart()).toEqual(summed);
    expect(server.cart).toEqual(summed);
  });
});

describe("the cart badge's count", () => {
  it('is the pieces and one per loose line, on this page and the next', async () => {
    const page = await openShop();
    page.add(milk);
    page.add(milk);
    page.add(dal);
    page.add(dal);
    expect(page.cart()).toEqual({ [milk._id]: 2, [dal._id]: 500 });
    expect(page.count()).toBe(3);

    const next = await openShop();
    expect(next.cart()).toEqual({ [milk._id]: 2, [dal._id]: 500 });
    expect(next.count()).toBe(3);
  });

  it('reads a cart stored before loose lines were noted, counting its lines as before', async () => {
    storage.set(
      'kirana.cart',
      JSON.stringify({ items: { [milk._id]: 2, [bread._id]: 1 }, owner: null, base: {} }),
    );
    const page = await openShop();
    expect(page.cart()).toEqual({ [milk._id]: 2, [bread._id]: 1 });
    expect(page.count()).toBe(3);
  });

  it('keeps only the ids of what was stored as loose lines', async () => {
    const items = { [milk._id]: 2, [dal._id]: 1000 };
    storage.set('kirana.cart', JSON.stringify({ items, owner: null, base: {}, loose: 'dal' }));
    expect((await openShop()).count()).toBe(1002);
    storage.set(
      'kirana.cart',
      JSON.stringify({ items, owner: null, base: {}, loose: [7, null, dal._id] }),
    );
    expect((await openShop()).count()).toBe(3);
  });

  it('counts the loose lines of the saved cart as one each after a login', async () => {
    server.cart = { [dal._id]: 1000, [milk._id]: 1 };
    const page = await openShop();
    page.add(bread);

    await page.logIn();

    expect(page.cart()).toEqual({ [dal._id]: 1000, [milk._id]: 1, [bread._id]: 1 });
    expect(page.count()).toBe(3);
  });

  it('counts a loose line the saved cart brought from another device as one once the cart page has its products', async () => {
    await loggedInWith({ [milk._id]: 2 });
    // On the phone: 1 kg of dal added.
    server.cart = { [milk._id]: 2, [dal._id]: 1000 };
    const page = await openShop();
    expect(page.cart()).toEqual({ [milk._id]: 2, [dal._id]: 1000 });

    expect(page.count()).toBe(1002);

    page.cartPageLoaded();
    expect(page.count()).toBe(3);
    // Nothing new to note the next time: the stored cart is not written again.
    const writes = vi.spyOn(localStorage, 'setItem');
    page.cartPageLoaded();
    expect(writes).not.toHaveBeenCalled();
    expect((await openShop({ check: false })).count()).toBe(3);
  });
});

describe('the products a login merges with', () => {
  /** The ids of each call to `GET /api/product/items`, in any order. */
  const askedIds = () => mocks.getProductItems.mock.calls.map(([, ids]) => [...ids].sort());

  it('are asked of the server for both carts at once, and what cannot be ordered is dropped', async () => {
    const gone = '0190a5b2-7c3e-7a10-8000-ffffffffffff';
    server.cart = { [milk._id]: 2, [gone]: 1 };
    const page = await openShop();
    page.add(bread);
    page.add(ghee);

    await page.logIn();

    expect(askedIds()).toEqual([[milk._id, gone, bread._id, ghee._id].sort()]);
    // Unknown to the server, or out of stock: neither can be ordered.
    expect(page.cart()).toEqual({ [milk._id]: 2, [bread._id]: 1 });
    expect(server.cart).toEqual({ [milk._id]: 2, [bread._id]: 1 });
  });

  it('leave the saved cart as it is when they cannot be read', async () => {
    server.cart = { [milk._id]: 2 };
    const page = await openShop();
    page.add(bread);
    mocks.getProductItems.mockRejectedValue(new Error('offline'));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

    const loggingIn = page.logIn();
    await vi.advanceTimersByTimeAsync(10_000); // past the query's retry
    await loggingIn;

    expect(mocks.getProductItems).toHaveBeenCalled();
    expect(page.cart()).toEqual({ [milk._id]: 2 });
    expect(server.cart).toEqual({ [milk._id]: 2 });
    expect(mocks.updateCart).not.toHaveBeenCalled();
  });
});

describe('a session that expires (F10)', () => {
  it('does not double the cart when the shopper logs in again', async () => {
    await loggedInWith({ [milk._id]: 2 });
    // 30 days later: the cookie is gone.
    server.loggedIn = false;
    const page = await openShop();

    expect(page.user()).toBeNull();
    expect(page.cart()).toEqual({});
    expect(mocks.toast.error).toHaveBeenCalledWith(page.SESSION_EXPIRED);

    await page.logIn();
    expect(page.cart()).toEqual({ [milk._id]: 2 });
    expect(server.cart).toEqual({ [milk._id]: 2 });
  });

  it('does not double it either when the expiry went unnoticed (server unreachable at start-up)', async () => {
    await loggedInWith({ [milk._id]: 2 });
    server.loggedIn = false;
    mocks.getUserAuth.mockRejectedValueOnce(new Error('offline'));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const page = await openShop();
    expect(page.cart()).toEqual({ [milk._id]: 2 });

    page.add(bread);
    await page.logIn();

    expect(page.cart()).toEqual({ [milk._id]: 2, [bread._id]: 1 });
    expect(server.cart).toEqual({ [milk._id]: 2, [bread._id]: 1 });
  });

  it('mid-visit: a save answering 401 logs the shopper out, keeping only what was not saved', async () => {
    const page = await loggedInWith({ [milk._id]: 2 });
    server.loggedIn = false;

    page.add(bread);
    await page.saved();
    expect(page.user()).toBeNull();
    expect(page.cart()).toEqual({ [bread._id]: 1 });
    expect(mocks.toast.error).toHaveBeenCalledExactlyOnceWith(page.SESSION_EXPIRED);

    // Logged out now: later changes stay in the browser, without a 401 each.
    mocks.updateCart.mockClear();
    page.add(eggs);
    await page.saved();
    expect(mocks.updateCart).not.toHaveBeenCalled();

    await page.logIn();
    expect(server.cart).toEqual({ [milk._id]: 2, [bread._id]: 1, [eggs._id]: 1 });
    expect(page.cart()).toEqual(server.cart);
  });
});

describe('changes made before the start-up check answers (F11)', () => {
  it('survive the adoption of the saved cart, and are saved', async () => {
    await loggedInWith({ [milk._id]: 2 });
    let answer!: () => void;
    mocks.getUserAuth.mockImplementationOnce(
      () => new Promise((resolve) => (answer = () => resolve(userOnServer()))),
    );
    const page = await openShop({ check: false });
    const checking = page.checkAuth();

    page.add(bread);
    page.remove(milk);
    expect(mocks.updateCart).toHaveBeenCalledTimes(1); // only the login's save
    answer();
    await checking;
    await page.saved();

    const expected = { [milk._id]: 1, [bread._id]: 1 };
    expect(page.cart()).toEqual(expected);
    expect(server.cart).toEqual(expected);

    // The check reruns when the storefront mounts again, and on the next visit: nothing changes.
    await page.checkAuth();
    expect(page.cart()).toEqual(expected);
    expect((await openShop()).cart()).toEqual(expected);
  });

  it('do not add a save again whose answer the page left before (it reached the server)', async () => {
    await loggedInWith({ [milk._id]: 1 });
    let landed!: () => void;
    mocks.updateCart.mockImplementationOnce(
      (items: CartItems) =>
        new Promise(() => {
          // The server takes the save; its answer never reaches this page, which is left.
          server.cart = { ...items };
          landed();
        }),
    );
    const page = await openShop();
    const sending = new Promise<void>((resolve) => (landed = resolve));
    page.add(milk);
    await sending;

    expect((await openShop()).cart()).toEqual({ [milk._id]: 2 });
    expect(server.cart).toEqual({ [milk._id]: 2 });
  });

  it('keep a change whose save the server refused, though the saved cart came to hold the same', async () => {
    await loggedInWith({ [milk._id]: 1 });
    const page = await openShop();
    mocks.updateCart.mockImplementationOnce(async () => {
      throw mocks.serverDown();
    });
    page.add(milk);
    await page.saved();
    // On the phone meanwhile: one more milk too.
    server.cart = { [milk._id]: 2 };

    expect((await openShop()).cart()).toEqual({ [milk._id]: 3 });
  });

  it('keep changes made on another device meanwhile, without bringing back what it removed', async () => {
    await loggedInWith({ [milk._id]: 2, [bread._id]: 1 });
    // On the phone: bread removed, eggs added.
    server.cart = { [milk._id]: 2, [eggs._id]: 3 };

    expect((await openShop()).cart()).toEqual({ [milk._id]: 2, [eggs._id]: 3 });
  });
});

describe('the saves of a logged-in shopper’s cart', () => {
  /** Saves that stay unanswered until the test answers or fails them, in the order sent. */
  function heldSaves() {
    const sent: { items: CartItems; answer: () => void; fail: (error: Error) => void }[] = [];
    mocks.updateCart.mockImplementation(
      (items: CartItems) =>
        new Promise((resolve, reject) =>
          sent.push({
            items,
            answer: () => {
              server.cart = { ...items };
              resolve({ success: true, message: 'Cart Updated' });
            },
            fail: reject,
          }),
        ),
    );
    return sent;
  }

  /** A logged-in shopper's page whose save of one milk is on its way, unanswered. */
  async function savingMilk() {
    const page = await loggedInWith({});
    const sent = heldSaves();
    page.add(milk);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.items).toEqual({ [milk._id]: 1 });
    return { page, sent };
  }

  it('go one at a time, and then only the latest of the changes made meanwhile', async () => {
    const { page, sent } = await savingMilk();
    page.add(bread);
    page.add(eggs);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sent).toHaveLength(1);

    sent[0]!.answer();
    const all = { [milk._id]: 1, [bread._id]: 1, [eggs._id]: 1 };
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.items).toEqual(all);

    let saved = false;
    void page.saved().then(() => (saved = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(saved).toBe(false);
    sent[1]!.answer();
    await page.saved();
    expect(sent).toHaveLength(2);
    expect(server.cart).toEqual(all);
  });

  it('go on with the latest change after a failed save, whose reason is said', async () => {
    const { page, sent } = await savingMilk();
    page.add(bread);
    sent[0]!.fail(new Error('offline'));
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(mocks.toast.error).toHaveBeenCalledExactlyOnceWith('offline');
    expect(sent[1]!.items).toEqual({ [milk._id]: 1, [bread._id]: 1 });

    sent[1]!.answer();
    await page.saved();
    expect(server.cart).toEqual({ [milk._id]: 1, [bread._id]: 1 });
    expect(page.user()).not.toBeNull();
  });

  it('send nothing of a change still waiting when the cart is emptied by an order', async () => {
    const { page, sent } = await savingMilk();
    page.add(bread);
    page.ordered();
    sent[0]!.answer();
    await page.saved();

    expect(sent).toHaveLength(1);
    expect(page.cart()).toEqual({});
  });

  it('are one save for changes made at once', async () => {
    const page = await loggedInWith({});
    mocks.updateCart.mockClear();

    page.add(milk);
    page.add(bread);
    page.remove(milk);
    await page.saved();

    expect(mocks.updateCart).toHaveBeenCalledExactlyOnceWith({ [bread._id]: 1 });
    expect(server.cart).toEqual({ [bread._id]: 1 });
  });

  it('are all saved at once when none was asked for', async () => {
    const page = await openShop();
    await expect(page.saved()).resolves.toBeUndefined();
  });
});
