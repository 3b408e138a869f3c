import {
  SELLER_MESSAGES,
  SHOP_MESSAGES,
  orderNumber,
  type AssignOrderBody,
  type SellerCancelOrderBody,
  type SellerOrder,
  type SellerOrderAnswer,
} from '@kirana/shared';
import { atom, type Getter, type Setter } from 'jotai';
import { desktop } from '../../../lib/desktop-bridge';
import { toast } from '../../../lib/toast';
import { getSellerOrders } from '../api/get-seller-orders';
import { assignOrder } from '../api/assign-order';
import { cancelOrder } from '../api/cancel-order';
import { releaseOrder } from '../api/release-order';
import { unlockPin } from '../api/unlock-pin';
import { errorText, failureMessage, isSessionLost } from '../failure-message';
import { mergeOrders, unseenOrders } from '../order-list';
import { alertUnaccepted } from '../unaccepted-alert';
import type { LoadState } from './load-state';
import { sessionLostAtom } from './seller-auth';

export const ORDERS_PAGE_SIZE = 20;

/**
 * Every order the seller screens hold, newest first. Pages, refreshes and live events all merge
 * into it by `_id` and `updatedAt` through `mergeOrders`.
 */
export const sellerOrdersAtom = atom<readonly SellerOrder[]>([]);
/** 'loading' and 'failed' only until the first page has arrived; refreshes keep it 'ready'. */
export const ordersLoadStateAtom = atom<LoadState>('idle');
export const ordersHasMoreAtom = atom(false);
export const loadingMoreOrdersAtom = atom(false);

const pagesLoadedAtom = atom(0);
/** Bumped by a reset, so an answer to a request sent before it is dropped. */
const ordersEpochAtom = atom(0);
const refreshRunningAtom = atom<Promise<void> | null>(null);
/** True from a failed refresh until one succeeds, so a dead network toasts once, not every 30 s. */
const refreshFailingAtom = atom(false);
const acknowledgedIdsAtom = atom<ReadonlySet<string>>(new Set<string>());

/**
 * Tells the desktop app (when the screens run inside it) about orders it has not been shown.
 * Called only for orders not held yet, which are then held: each order is announced once,
 * whether a refresh or a live event brings it first.
 */
function announce(orders: SellerOrder[]): void {
  desktop?.newOrders(orders).catch((error: unknown) => {
    console.warn('The desktop app refused the new orders', error);
  });
}

/**
 * Fetches again every page loaded so far (the first one on the first call) and merges it in.
 * After the first load, orders not held before are new: they go to the desktop app's alerts.
 * Concurrent calls share one run. A failure toasts the server's message or 'Failed to load
 * orders'; a 401 shows the login form.
 */
export const refreshOrdersAtom = atom(null, (get, set): Promise<void> => {
  const running = get(refreshRunningAtom);
  if (running) return running;

  // Compared in `finally`: a reset may have let a newer run start meanwhile.
  let run: Promise<void> | undefined = undefined;
  run = (async () => {
    const epoch = get(ordersEpochAtom);
    const pages = Math.max(get(pagesLoadedAtom), 1);
    const first = get(pagesLoadedAtom) === 0;
    if (first) set(ordersLoadStateAtom, 'loading');
    try {
      const answers = await Promise.all(
        Array.from({ length: pages }, (_, index) => getSellerOrders(index + 1, ORDERS_PAGE_SIZE)),
      );
      if (get(ordersEpochAtom) !== epoch) return;
      const incoming = answers.flatMap((answer) => answer.orders);
      const held = get(sellerOrdersAtom);
      if (!first) {
        const fresh = unseenOrders(new Set(held.map((order) => order._id)), incoming);
        if (fresh.length > 0) announce(fresh);
      }
      set(sellerOrdersAtom, mergeOrders(held, incoming));
      // A 'Load more' that finished meanwhile knows better whether more pages remain.
      if (get(pagesLoadedAtom) <= pages) {
        set(pagesLoadedAtom, pages);
        set(ordersHasMoreAtom, answers[answers.length - 1]?.hasMore ?? false);
      }
      set(ordersLoadStateAtom, 'ready');
      set(refreshFailingAtom, false);
    } catch (error) {
      if (get(ordersEpochAtom) !== epoch) return;
      if (isSessionLost(error)) {
        set(sessionLostAtom, errorText(error));
        return;
      }
      if (!get(refreshFailingAtom))
        toast.error(failureMessage(error, SELLER_MESSAGES.loadOrdersFailed));
      set(refreshFailingAtom, true);
      if (first) set(ordersLoadStateAtom, 'failed');
    } finally {
      if (get(refreshRunningAtom) === run) set(refreshRunningAtom, null);
    }
  })();
  set(refreshRunningAtom, run);
  return run;
});

/**
 * Whether `order` falls within the pages loaded so far, so that not holding it means it is new
 * to the seller rather than an older order, on a page not loaded, changing.
 */
function withinLoadedPages(get: Getter, order: SellerOrder): boolean {
  if (get(pagesLoadedAtom) === 0) return false;
  const oldest = get(sellerOrdersAtom).at(-1);
  return (
    !get(ordersHasMoreAtom) ||
    oldest === undefined ||
    Date.parse(order.createdAt) >= Date.parse(oldest.createdAt)
  );
}

function receiveLiveOrder(get: Getter, set: Setter, order: SellerOrder, placed: boolean): void {
  const held = get(sellerOrdersAtom);
  if (!held.some((candidate) => candidate._id === order._id)) {
    if (!placed && !withinLoadedPages(get, order)) return;
    announce([order]);
  }
  set(sellerOrdersAtom, mergeOrders(held, [order]));
}

/** Live `order:created`: a new order, held at the front and announced to the desktop app. */
export const receivePlacedOrderAtom = atom(null, (get, set, order: SellerOrder) => {
  receiveLiveOrder(get, set, order, true);
});

/**
 * Live `order:updated`: merged in, unless older than the copy held. An order not held yet is
 * new to the seller (e.g. an online order released by its payment) and announced; one older
 * than the pages loaded is left to 'Load more'.
 */
export const receiveChangedOrderAtom = atom(null, (get, set, order: SellerOrder) => {
  receiveLiveOrder(get, set, order, false);
});

/**
 * Live `order:unaccepted`: an open order no agent has accepted in time, offered to them again.
 * Merged in like any change, and the counter is alerted (see {@link alertUnaccepted}).
 */
export const receiveUnacceptedOrderAtom = atom(null, (get, set, order: SellerOrder) => {
  receiveLiveOrder(get, set, order, false);
  toast.warning(SELLER_MESSAGES.noAgentTitle(orderNumber(order._id)));
  alertUnaccepted(order);
});

/** 'Load more': the next, older page. Older orders are never announced as new. */
export const loadMoreOrdersAtom = atom(null, async (get, set) => {
  if (get(loadingMoreOrdersAtom) || !get(ordersHasMoreAtom)) return;
  set(loadingMoreOrdersAtom, true);
  const epoch = get(ordersEpochAtom);
  const page = get(pagesLoadedAtom) + 1;
  try {
    const answer = await getSellerOrders(page, ORDERS_PAGE_SIZE);
    if (get(ordersEpochAtom) !== epoch) return;
    set(sellerOrdersAtom, mergeOrders(get(sellerOrdersAtom), answer.orders));
    set(pagesLoadedAtom, page);
    set(ordersHasMoreAtom, answer.hasMore);
  } catch (error) {
    if (isSessionLost(error)) set(sessionLostAtom, errorText(error));
    else toast.error(failureMessage(error, SELLER_MESSAGES.loadOrdersFailed));
  } finally {
    set(loadingMoreOrdersAtom, false);
  }
});

/**
 * Sends one change of an order the seller asked for (already confirmed): the answer is merged in
 * and the server's message toasted. A refusal toasts its message or `failed` and fetches the
 * orders again, as the order has changed meanwhile; a 401 shows the login form.
 * Resolves whether the change was made.
 */
async function changeOrder(
  get: Getter,
  set: Setter,
  send: () => Promise<SellerOrderAnswer>,
  failed: string,
): Promise<boolean> {
  try {
    const answer = await send();
    set(sellerOrdersAtom, mergeOrders(get(sellerOrdersAtom), [answer.order]));
    toast.success(answer.message);
    return true;
  } catch (error) {
    if (isSessionLost(error)) {
      set(sessionLostAtom, errorText(error));
      return false;
    }
    toast.error(failureMessage(error, failed));
    void set(refreshOrdersAtom);
    return false;
  }
}

/** Takes an order back from its agent, to the open pool (see {@link changeOrder}). */
export const takeOrderBackAtom = atom(null, (get, set, orderId: string) =>
  changeOrder(get, set, () => releaseOrder({ orderId }), SELLER_MESSAGES.takeBackFailed),
);

/** Cancels an order with the seller's reason; a paid one is refunded (see {@link changeOrder}). */
export const cancelOrderAtom = atom(null, (get, set, body: SellerCancelOrderBody) =>
  changeOrder(get, set, () => cancelOrder(body), SHOP_MESSAGES.cancelFailed),
);

/** Hands an open order to an agent (see {@link changeOrder}). */
export const assignOrderAtom = atom(null, (get, set, body: AssignOrderBody) =>
  changeOrder(get, set, () => assignOrder(body), SELLER_MESSAGES.assignFailed),
);

/** Lets the agent try the delivery PIN again after a lock (see {@link changeOrder}). */
export const unlockPinAtom = atom(null, (get, set, orderId: string) =>
  changeOrder(get, set, () => unlockPin({ orderId }), SELLER_MESSAGES.unlockPinFailed),
);

/**
 * The seller is looking at the orders: tells the desktop app to stop alerting for every order
 * held that it has not been told about yet.
 */
export const acknowledgeShownOrdersAtom = atom(null, (get, set) => {
  if (!desktop) return;
  const acknowledged = get(acknowledgedIdsAtom);
  const ids = get(sellerOrdersAtom)
    .map((order) => order._id)
    .filter((id) => !acknowledged.has(id));
  if (ids.length === 0) return;
  set(acknowledgedIdsAtom, new Set([...acknowledged, ...ids]));
  desktop.acknowledgeOrders(ids).catch((error: unknown) => {
    console.warn('The desktop app refused the acknowledgement', error);
  });
});

/**
 * Prints the order's packing slip through the desktop app (a no-op in a browser, which offers
 * no such button). Toasts the app's reason when it could not print.
 */
export const printPackingSlipAtom = atom(null, async (_get, _set, order: SellerOrder) => {
  if (!desktop) return;
  try {
    const result = await desktop.printPackingSlip(order);
    if (!result.printed) toast.error(result.reason);
  } catch (error) {
    toast.error(errorText(error));
  }
});

/** Forgets every order, e.g. before another login. */
export const resetOrdersAtom = atom(null, (get, set) => {
  set(ordersEpochAtom, get(ordersEpochAtom) + 1);
  set(refreshRunningAtom, null);
  set(sellerOrdersAtom, []);
  set(ordersLoadStateAtom, 'idle');
  set(ordersHasMoreAtom, false);
  set(pagesLoadedAtom, 0);
  set(refreshFailingAtom, false);
  set(acknowledgedIdsAtom, new Set<string>());
});
