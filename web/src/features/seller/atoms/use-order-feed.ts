import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { ORDERS_REFRESH_MS, refreshOrdersAtom } from './orders';

/**
 * Keeps the seller's orders fresh for as long as the seller is logged in, whichever screen is
 * open, so new orders reach the desktop app's alerts: loads them now, then every 30 seconds and
 * whenever the network comes back.
 */
export function useOrderFeed(): void {
  const refresh = useSetAtom(refreshOrdersAtom);
  useEffect(() => {
    const refreshNow = () => void refresh();
    refreshNow();
    const timer = setInterval(refreshNow, ORDERS_REFRESH_MS);
    window.addEventListener('online', refreshNow);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', refreshNow);
    };
  }, [refresh]);
}
