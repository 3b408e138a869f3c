import { AGENT_POLL_MS } from '@kirana/shared';
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect } from 'react';
import { useLiveUpdates } from '../../../lib/socket';
import { agentLiveFeed } from './live-feed';
import { refreshOrdersAtom, type OrdersScreen } from './orders';
import { checkAgentAuthAtom } from './session';
import { agentSessionAtom, offlineAtom } from './session-state';
import { useRefreshLoop } from './use-refresh-loop';

/** Raises the offline banner as soon as the browser says the network is gone. */
export function useOfflineEvents(): void {
  const setOffline = useSetAtom(offlineAtom);
  useEffect(() => {
    if (!navigator.onLine) setOffline(true);
    const onOffline = () => setOffline(true);
    window.addEventListener('offline', onOffline);
    return () => window.removeEventListener('offline', onOffline);
  }, [setOffline]);
}

/**
 * The start-up session check, retried with backoff for as long as the server is out of reach
 * and nobody is logged in (once logged in, the orders feed does the retrying).
 */
export function useSessionCheck(): void {
  const session = useAtomValue(agentSessionAtom);
  const offline = useAtomValue(offlineAtom);
  const check = useSetAtom(checkAgentAuthAtom);
  const retrying = session.state === 'checking' || (session.state === 'out' && offline);
  useRefreshLoop(check, null, retrying);
}

/**
 * Keeps the agent's orders fresh while logged in: live from the `/agents` stream, and fetched
 * now, every 30 seconds (AGENT_POLL_MS, whether the stream is up or not), at once when the
 * network returns or the app is shown again, and with backoff while the server is out of reach.
 */
export function useOrdersFeed(screen: OrdersScreen): void {
  const refresh = useSetAtom(refreshOrdersAtom);
  const task = useCallback(() => refresh(screen), [refresh, screen]);
  useRefreshLoop(task, AGENT_POLL_MS);
  useLiveUpdates('agents', agentLiveFeed);
}
