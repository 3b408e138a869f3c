import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { checkAgentAuth } from './session';
import { agentSessionAtom, offlineAtom } from './session-state';
import { startRefreshLoop } from '../../../lib/refresh-loop';

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
  const retrying = session.state === 'checking' || (session.state === 'out' && offline);
  useEffect(
    () =>
      retrying
        ? startRefreshLoop(checkAgentAuth, { everyMs: null, pauseWhileHidden: true })
        : undefined,
    [retrying],
  );
}
