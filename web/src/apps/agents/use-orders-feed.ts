import { useQuery } from '@tanstack/react-query';
import { useStore } from 'jotai';
import { useMemo } from 'react';
import { useLiveUpdates } from '../../lib/socket';
import { agentQueries } from './queries';
import { agentLiveFeed } from './live-feed';

/**
 * Keeps agent `agentId`'s orders and cash in hand fresh while logged in, whichever screen is
 * open: holds both queries (the screen around is not rendered again by their changes), follows
 * the `/agents` stream, and polls them as its feed says (live-feed.ts: every 30 seconds, whether
 * the stream is up or not).
 */
export function useOrdersFeed(agentId: string): void {
  useQuery({ ...agentQueries.orders(agentId), notifyOnChangeProps: [] });
  useQuery({ ...agentQueries.cash(agentId), notifyOnChangeProps: [] });
  const store = useStore();
  const feed = useMemo(() => agentLiveFeed(store), [store]);
  useLiveUpdates('agents', feed);
}
