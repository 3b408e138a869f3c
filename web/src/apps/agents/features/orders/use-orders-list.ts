import type { AgentOrder } from '@kirana/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { agentQueries, refreshOrders } from '../../queries';

export interface OrdersList {
  /** Every order the agent can see, newest first (none before the first answer). */
  orders: readonly AgentOrder[];
  /** 'loading' and 'failed' only until the first answer; refreshes keep it 'ready'. */
  load: 'loading' | 'ready' | 'failed';
  /** When the list last came from the server (ms since the epoch), or null. */
  fetchedAt: number | null;
  /** Whether a refresh is running, for the Refresh button. */
  refreshing: boolean;
  /** Fetches the orders again (sharing a refresh already running). */
  refresh: () => void;
}

const NONE: readonly AgentOrder[] = [];

/** Agent `agentId`'s orders as an orders screen shows them (kept fresh by `useOrdersFeed`). */
export function useOrdersList(agentId: string): OrdersList {
  const client = useQueryClient();
  const query = useQuery(agentQueries.orders(agentId));
  return {
    orders: query.data ?? NONE,
    // A retry of a failed first load shows the spinner again until it answers.
    load: query.data ? 'ready' : query.isError && !query.isFetching ? 'failed' : 'loading',
    fetchedAt: query.dataUpdatedAt === 0 ? null : query.dataUpdatedAt,
    refreshing: query.isFetching,
    refresh: () => void refreshOrders(client, agentId),
  };
}
