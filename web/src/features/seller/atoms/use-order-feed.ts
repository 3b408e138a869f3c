import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useLiveUpdates } from '../../../lib/socket';
import { sellerLiveFeed } from './live-feed';
import { refreshOrdersAtom } from './orders';

/**
 * Keeps the seller's screens fresh for as long as the seller is logged in, whichever screen is
 * open, so new orders reach the desktop app's alerts: loads the orders now, then follows the
 * live stream (polling every 30 seconds while it is down).
 */
export function useOrderFeed(): void {
  const refresh = useSetAtom(refreshOrdersAtom);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  useLiveUpdates('seller', sellerLiveFeed);
}
