import { useInfiniteQuery } from '@tanstack/react-query';
import { useLiveUpdates } from '../../lib/socket';
import { sellerOrderQueries } from './features/orders/queries';
import { sellerLiveFeed } from './live-feed';

/**
 * Keeps the seller's screens fresh for as long as the seller is logged in, whichever screen is
 * open, so new orders reach the desktop app's alerts: holds the orders' query (loaded now; the
 * screen around it is not rendered again by their changes) and follows the live stream (polling
 * the orders every 30 seconds while it is down).
 */
export function useOrderFeed(): void {
  useInfiniteQuery({ ...sellerOrderQueries.orders(), notifyOnChangeProps: [] });
  useLiveUpdates('seller', sellerLiveFeed);
}
