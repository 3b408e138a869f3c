import { QueryClientProvider, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { AgentRoutes } from '../routes';
import { agentSessionMutations } from '../session/mutations';
import { useOrdersFeed } from '../use-orders-feed';
import type { StoredAgent } from '../session/agent-storage';
import { AgentHeader } from './agent-header';
import { AgentTabs } from './agent-tabs';
import { OfflineBanner } from '../ui/offline-banner';
import { splitOrders } from '../order-lists';
import { agentQueries, createAgentQueryClient, refreshOrders } from '../queries';
import './agent-shell.css';

/**
 * The logged-in agent's frame: header, offline banner, the screen, and the tab bar. Loaded after
 * the login (or the start-up check) lets the agent in, so that a first visit downloads only the
 * login; the service worker keeps it for every visit after. Mounted afresh for each agent, with a
 * cache of the server's data of its own (../queries.ts): nothing held shows in another
 * session, and an answer landing after a logout lands in a cache nobody reads.
 */
export function AgentShell(props: { agent: StoredAgent; offline: boolean }) {
  const [client] = useState(createAgentQueryClient);
  // The calls still running as the screens close (a logout, a lost session) are dropped.
  useEffect(() => () => void client.cancelQueries(), [client]);
  return (
    <QueryClientProvider client={client}>
      <AgentScreens {...props} />
    </QueryClientProvider>
  );
}

function AgentScreens({ agent, offline }: { agent: StoredAgent; offline: boolean }) {
  const client = useQueryClient();
  const orders = useQuery(agentQueries.orders(agent._id)).data;
  const logOut = useMutation(agentSessionMutations.logOut());

  useOrdersFeed(agent._id);

  const activeCount = useMemo(() => {
    if (!orders) return null;
    const { mine, open } = splitOrders(orders, agent._id);
    return mine.length + open.length;
  }, [orders, agent._id]);

  return (
    <div className="agent-shell">
      <AgentHeader
        name={agent.name}
        loggingOut={logOut.isPending}
        onLogout={() => logOut.mutate()}
      />
      {offline && <OfflineBanner onRetry={() => void refreshOrders(client, agent._id)} />}
      <main id="agent-main" className="agent-main">
        <AgentRoutes agentId={agent._id} />
      </main>
      <AgentTabs activeCount={activeCount} />
    </div>
  );
}
