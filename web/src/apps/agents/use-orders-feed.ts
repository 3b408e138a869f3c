import { AGENT_POLL_MS } from '@kirana/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useStore } from 'jotai';
import { useCallback, useMemo } from 'react';
import { useLiveUpdates } from '../../lib/socket';
import { agentQueries, refreshAgentData } from './queries';
import { agentLiveFeed } from './live-feed';
import { useRefreshLoop } from './use-refresh-loop';

/**
 * Keeps agent `agentId`'s orders and cash in hand fresh while logged in, whichever screen is
 * open: holds both queries (the screen around is not rendered again by their changes), follows
 * the `/agents` stream, and fetches them again every 30 seconds (AGENT_POLL_MS, whether the
 * stream is up or not), at once when the network returns or the app is shown again, and with
 * backoff while the server is out of reach.
 */
export function useOrdersFeed(agentId: string): void {
  const client = useQueryClient();
  useQuery({ ...agentQueries.orders(agentId), notifyOnChangeProps: [] });
  useQuery({ ...agentQueries.cash(agentId), notifyOnChangeProps: [] });
  const task = useCallback(() => refreshAgentData(client, agentId), [client, agentId]);
  useRefreshLoop(task, AGENT_POLL_MS);
  const store = useStore();
  const feed = useMemo(() => agentLiveFeed(store), [store]);
  useLiveUpdates('agents', feed);
}
