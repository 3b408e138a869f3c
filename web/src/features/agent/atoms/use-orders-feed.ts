import { AGENT_POLL_MS } from '@kirana/shared';
import { useSetAtom } from 'jotai';
import { useCallback, useEffect } from 'react';
import { useLiveUpdates } from '../../../lib/socket';
import { agentLiveFeed } from './live-feed';
import { refreshCashAtom, resetCashAtom } from './cash';
import { refreshOrdersAtom, resetOrdersAtom, type OrdersScreen } from './orders';
import { useRefreshLoop } from './use-refresh-loop';

/**
 * Keeps the agent's orders fresh while logged in: live from the `/agents` stream, and fetched
 * now, every 30 seconds (AGENT_POLL_MS, whether the stream is up or not), at once when the
 * network returns or the app is shown again, and with backoff while the server is out of reach.
 */
export function useOrdersFeed(screen: OrdersScreen): void {
  const refresh = useSetAtom(refreshOrdersAtom);
  const reset = useSetAtom(resetOrdersAtom);
  // Nothing held may show in another session: the logged-in screens (one mount per agent) forget
  // the orders as they close, at a logout, a lost session or the next agent's login.
  const resetCash = useSetAtom(resetCashAtom);
  const refreshCash = useSetAtom(refreshCashAtom);
  useEffect(() => reset, [reset]);
  useEffect(() => resetCash, [resetCash]);
  // The cash in hand comes along with every refresh of the orders.
  const task = useCallback(async () => {
    const reach = await refresh(screen);
    if (reach === 'reached') await refreshCash();
    return reach;
  }, [refresh, refreshCash, screen]);
  useRefreshLoop(task, AGENT_POLL_MS);
  useLiveUpdates('agents', agentLiveFeed);
}
