import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { ActiveOrdersPage } from '../../areas/agent/active-orders-page';
import { CashPage } from '../../areas/agent/cash-page';
import { DeliveredOrdersPage } from '../../areas/agent/delivered-orders-page';
import {
  agentOrdersAtom,
  ordersLoadAtom,
  refreshOrdersAtom,
  type OrdersScreen,
} from '../../features/agent/atoms/orders';
import { logOutAgentAtom } from '../../features/agent/atoms/session';
import { useOrdersFeed } from '../../features/agent/atoms/use-orders-feed';
import { agentScreenOf, navigateAgent, useAgentPath } from '../../features/agent/agent-path';
import type { StoredAgent } from '../../features/agent/agent-storage';
import { AgentHeader } from '../../features/agent/components/agent-header';
import { AgentTabs } from '../../features/agent/components/agent-tabs';
import { OfflineBanner } from '../../features/agent/components/offline-banner';
import { splitOrders } from '../../features/agent/order-lists';
import { turnOffAlerts } from '../../features/agent/push/push-alerts';
import './agent-shell.css';

/**
 * The logged-in agent's frame: header, offline banner, the screen, and the tab bar. Loaded after
 * the login (or the start-up check) lets the agent in, so that a first visit downloads only the
 * login; the service worker keeps it for every visit after.
 */
export function AgentShell({ agent, offline }: { agent: StoredAgent; offline: boolean }) {
  const pathname = useAgentPath();
  const screen = agentScreenOf(pathname) ?? 'active';
  // The cash screen refreshes (and words a failure) as Active Orders does.
  const ordersScreen: OrdersScreen = screen === 'delivered' ? 'delivered' : 'active';
  const orders = useAtomValue(agentOrdersAtom);
  const load = useAtomValue(ordersLoadAtom);
  const refresh = useSetAtom(refreshOrdersAtom);
  const logOut = useSetAtom(logOutAgentAtom);
  const [loggingOut, setLoggingOut] = useState(false);

  useOrdersFeed(ordersScreen);
  // An unknown path under /agents shows Active Orders, under its own address.
  useEffect(() => {
    if (agentScreenOf(pathname) === null) navigateAgent('/agents', { replace: true });
  }, [pathname]);

  const activeCount = useMemo(() => {
    if (load !== 'ready') return null;
    const { mine, open } = splitOrders(orders, agent._id);
    return mine.length + open.length;
  }, [orders, load, agent._id]);

  const onLogout = async () => {
    setLoggingOut(true);
    try {
      // Logged out, this phone hears of no more orders; the next agent turns alerts on anew.
      await turnOffAlerts().catch((error: unknown) => console.warn('Alerts stay on:', error));
      await logOut();
    } finally {
      setLoggingOut(false);
    }
  };

  return (
    <div className="agent-shell">
      <AgentHeader name={agent.name} loggingOut={loggingOut} onLogout={() => void onLogout()} />
      {offline && <OfflineBanner onRetry={() => void refresh(ordersScreen)} />}
      <main id="agent-main" className="agent-main">
        {screen === 'delivered' ? (
          <DeliveredOrdersPage agentId={agent._id} />
        ) : screen === 'cash' ? (
          <CashPage />
        ) : (
          <ActiveOrdersPage agentId={agent._id} />
        )}
      </main>
      <AgentTabs activeCount={activeCount} />
    </div>
  );
}
