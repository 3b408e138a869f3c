import { QueryClientProvider, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { ActiveOrdersPage } from '../screens/active-orders-page';
import { CashPage } from '../screens/cash-page';
import { DeliveredOrdersPage } from '../screens/delivered-orders-page';
import { agentSessionMutations } from '../session/mutations';
import { useOrdersFeed } from '../use-orders-feed';
import { agentScreenOf, navigateAgent, useAgentPath } from '../agent-path';
import type { StoredAgent } from '../session/agent-storage';
import { AgentHeader } from './agent-header';
import { AgentTabs } from './agent-tabs';
import { OfflineBanner } from '../ui/offline-banner';
import { splitOrders } from '../order-lists';
import { turnOffAlerts } from '../features/push-alerts/push-alerts';
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
  const pathname = useAgentPath();
  const screen = agentScreenOf(pathname) ?? 'active';
  const client = useQueryClient();
  const orders = useQuery(agentQueries.orders(agent._id)).data;
  const logOut = useMutation(agentSessionMutations.logOut());
  const [loggingOut, setLoggingOut] = useState(false);

  useOrdersFeed(agent._id);
  // An unknown path under /agents shows Active Orders, under its own address.
  useEffect(() => {
    if (agentScreenOf(pathname) === null) navigateAgent('/agents', { replace: true });
  }, [pathname]);

  const activeCount = useMemo(() => {
    if (!orders) return null;
    const { mine, open } = splitOrders(orders, agent._id);
    return mine.length + open.length;
  }, [orders, agent._id]);

  const onLogout = async () => {
    setLoggingOut(true);
    try {
      // Logged out, this phone hears of no more orders; the next agent turns alerts on anew.
      await turnOffAlerts().catch((error: unknown) => console.warn('Alerts stay on:', error));
      await logOut.mutateAsync().catch(() => {});
    } finally {
      setLoggingOut(false);
    }
  };

  return (
    <div className="agent-shell">
      <AgentHeader name={agent.name} loggingOut={loggingOut} onLogout={() => void onLogout()} />
      {offline && <OfflineBanner onRetry={() => void refreshOrders(client, agent._id)} />}
      <main id="agent-main" className="agent-main">
        {screen === 'delivered' ? (
          <DeliveredOrdersPage agentId={agent._id} />
        ) : screen === 'cash' ? (
          <CashPage agentId={agent._id} />
        ) : (
          <ActiveOrdersPage agentId={agent._id} />
        )}
      </main>
      <AgentTabs activeCount={activeCount} />
    </div>
  );
}
