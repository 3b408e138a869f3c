import { SELLER_MESSAGES, orderNumber, type SellerOrder } from '@kirana/shared';
import type { QueryClient } from '@tanstack/react-query';
import { atom } from 'jotai';
import { desktop } from '../../../../../lib/desktop-bridge';
import { queryClient } from '../../../../../lib/query-client';
import { toast } from '../../../../../lib/toast';
import { errorText } from '../../../failure-message';
import { withOrder, type SellerOrderPages } from '../order-list';
import { alertUnaccepted } from '../unaccepted-alert';

/*
 * The seller's orders as the live stream (../../../live-feed.ts) and the seller's changes keep them,
 * in the one cache of the server's data. Their query is `sellerOrderQueries.orders` (../queries.ts).
 */

/** The key of the seller's orders: under 'seller', so a logout forgets them with the rest. */
export const SELLER_ORDERS_KEY = ['seller', 'orders'] as const;

/**
 * Tells the desktop app (when the screens run inside it) about orders it has not been shown.
 * Called for orders as they enter the list held (see `layOverPages`): each order is announced
 * once, whether a refresh or a live event brings it first.
 */
export function announceNewOrders(orders: SellerOrder[]): void {
  desktop?.newOrders(orders).catch((error: unknown) => {
    console.warn('The desktop app refused the new orders', error);
  });
}

/**
 * `order` laid into the orders held (see `withOrder`); an order placed before the first page has
 * arrived is only announced, as that page brings it.
 */
export function receiveSellerOrder(client: QueryClient, order: SellerOrder, placed: boolean): void {
  if (!client.getQueryData<SellerOrderPages>(SELLER_ORDERS_KEY)) {
    if (placed) announceNewOrders([order]);
    return;
  }
  client.setQueryData<SellerOrderPages>(
    SELLER_ORDERS_KEY,
    (held) => held && withOrder(held, order, placed),
  );
}

/**
 * The orders loaded (every page so far) fetched again; a refresh already running is shared.
 * Polled while the stream is down, and run after a change the server refused.
 */
export const refreshSellerOrders = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: SELLER_ORDERS_KEY }, { cancelRefetch: false });

/** Live `order:created`: a new order, held at the front and announced to the desktop app. */
export const receivePlacedOrderAtom = atom(null, (_get, _set, order: SellerOrder) => {
  receiveSellerOrder(queryClient, order, true);
});

/**
 * Live `order:updated`: merged in, unless older than the copy held. An order not held yet is
 * new to the seller (e.g. an online order released by its payment) and announced; one older
 * than the pages loaded is left to 'Load more'.
 */
export const receiveChangedOrderAtom = atom(null, (_get, _set, order: SellerOrder) => {
  receiveSellerOrder(queryClient, order, false);
});

/**
 * Live `order:unaccepted`: an open order no agent has accepted in time, offered to them again.
 * Merged in like any change, and the counter is alerted (see {@link alertUnaccepted}).
 */
export const receiveUnacceptedOrderAtom = atom(null, (_get, _set, order: SellerOrder) => {
  receiveSellerOrder(queryClient, order, false);
  toast.warning(SELLER_MESSAGES.noAgentTitle(orderNumber(order._id)));
  alertUnaccepted(order);
});

/** After the stream was down, and every 30 s while it is: the orders fetched again. */
export const refreshOrdersAtom = atom(null, () => refreshSellerOrders(queryClient));

/** The ids the desktop app has been told are shown: it alerts no more for them. */
const acknowledgedIdsAtom = atom<ReadonlySet<string>>(new Set<string>());

/**
 * The seller is looking at `orders`: tells the desktop app to stop alerting for each one it has
 * not been told about yet.
 */
export const acknowledgeShownOrdersAtom = atom(null, (get, set, orders: readonly SellerOrder[]) => {
  if (!desktop) return;
  const acknowledged = get(acknowledgedIdsAtom);
  const ids = orders.map((order) => order._id).filter((id) => !acknowledged.has(id));
  if (ids.length === 0) return;
  set(acknowledgedIdsAtom, new Set([...acknowledged, ...ids]));
  desktop.acknowledgeOrders(ids).catch((error: unknown) => {
    console.warn('The desktop app refused the acknowledgement', error);
  });
});

/** Forgets what the desktop app was told, e.g. before another login. */
export const forgetAcknowledgedAtom = atom(null, (_get, set) => {
  set(acknowledgedIdsAtom, new Set<string>());
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
