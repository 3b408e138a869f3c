import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { ActiveOrdersPage } from '../../areas/agent/active-orders-page';
import { AgentJoinPage } from '../../areas/agent/agent-join-page';
import { AgentLoginPage } from '../../areas/agent/agent-login-page';
import { DeliveredOrdersPage } from '../../areas/agent/delivered-orders-page';
import { Spinner } from '../../components/ui/spinner';
import {
  agentOrdersAtom,
  ordersLoadAtom,
  refreshOrdersAtom,
  type OrdersScreen,
} from '../../features/agent/atoms/orders';
import { checkAgentAuthAtom, logOutAgentAtom } from '../../features/agent/atoms/session';
import { agentSessionAtom, offlineAtom } from '../../features/agent/atoms/session-state';
import {
  useOfflineEvents,
  useOrdersFeed,
  useSessionCheck,
} from '../../features/agent/atoms/use-agent-connection';
import { agentScreenOf, navigateAgent, useAgentPath } from '../../features/agent/agent-path';
import type { StoredAgent } from '../../features/agent/agent-storage';
import { AgentHeader } from '../../features/agent/components/agent-header';
import { AgentTabs } from '../../features/agent/components/agent-tabs';
import { OfflineBanner } from '../../features/agent/components/offline-banner';
import { splitOrders } from '../../features/agent/order-lists';
import { registerAgentServiceWorker } from '../../features/agent/service-worker';
import '../../areas/agent/agent.css';

/**
 * The delivery agents' phone app at /agents, an installable PWA: the phone login until the
 * start-up check (or a login) says the agent is in, then Active Orders (/agents) and Delivered
 * Orders (/agents/delivered); the shop's invite link (/agents/join) pairs the phone first. Its manifest link and service worker belong to this area only.
 */
export function AgentLayout() {
  const session = useAtomValue(agentSessionAtom);
  const offline = useAtomValue(offlineAtom);
  const pathname = useAgentPath();
  const checkAuth = useSetAtom(checkAgentAuthAtom);

  useOfflineEvents();
  useSessionCheck();
  useEffect(registerAgentServiceWorker, []);

  const onHome = pathname.replace(/\/+$/, '') === '/agents';
  // The shop's invite link pairs this phone whoever is logged in, and then logs its agent in.
  const joining = pathname.replace(/\/+$/, '') === '/agents/join';
  return (
    <div className="agent-app">
      {/* React puts these in the document head while the agent area is shown. */}
      <link rel="manifest" href="/agent-app/manifest.webmanifest" />
      <link rel="apple-touch-icon" href="/agent-app/icon-192.png" />
      {joining ? (
        <AgentJoinPage />
      ) : session.state === 'checking' ? (
        <div className="agent-checking">
          <title>Kirana Delivery</title>
          <Spinner label="Checking your session…" />
        </div>
      ) : session.state === 'in' ? (
        <AgentShell agent={session.agent} offline={offline} />
      ) : (
        <>
          {offline && <OfflineBanner onRetry={() => void checkAuth()} />}
          <AgentLoginPage unauthorized={!onHome} />
        </>
      )}
    </div>
  );
}

/** The logged-in agent's frame: header, offline banner, the screen, and the tab bar. */
function AgentShell({ agent, offline }: { agent: StoredAgent; offline: boolean }) {
  const pathname = useAgentPath();
  const screen: OrdersScreen = agentScreenOf(pathname) ?? 'active';
  const orders = useAtomValue(agentOrdersAtom);
  const load = useAtomValue(ordersLoadAtom);
  const refresh = useSetAtom(refreshOrdersAtom);
  const logOut = useSetAtom(logOutAgentAtom);
  const [loggingOut, setLoggingOut] = useState(false);

  useOrdersFeed(screen);
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
      await logOut();
    } finally {
      setLoggingOut(false);
    }
  };

  return (
    <div className="agent-shell">
      <AgentHeader name={agent.name} loggingOut={loggingOut} onLogout={() => void onLogout()} />
      {offline && <OfflineBanner onRetry={() => void refresh(screen)} />}
      <main id="agent-main" className="agent-main">
        {screen === 'delivered' ? (
          <DeliveredOrdersPage agentId={agent._id} />
        ) : (
          <ActiveOrdersPage agentId={agent._id} />
        )}
      </main>
      <AgentTabs activeCount={activeCount} />
    </div>
  );
}
