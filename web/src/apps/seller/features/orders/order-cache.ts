import type { SellerOrder } from '@kirana/shared';
import type { QueryClient } from '@tanstack/react-query';
import { desktop } from '../../../../lib/desktop-bridge';
import { withOrder, type SellerOrderPages } from './order-list';

/*
 * The seller's orders as the live stream (./live-events.ts) and the seller's changes
 * (./mutations.ts) keep them, in the one cache of the server's data. Their query is
 * `sellerOrderQueries.orders` (./queries.ts).
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
