import { useEffect, type ComponentType } from 'react';
import { agentScreenOf, navigateAgent, useAgentPath, type AgentScreen } from './agent-path';
import { ActiveOrdersPage } from './screens/active-orders-page';
import { CashPage } from './screens/cash-page';
import { DeliveredOrdersPage } from './screens/delivered-orders-page';

/** The agents' screens (their addresses: agent-path.ts), each showing agent `agentId`'s data. */
const agentScreens: Readonly<Record<AgentScreen, ComponentType<{ agentId: string }>>> = {
  active: ActiveOrdersPage,
  delivered: DeliveredOrdersPage,
  cash: CashPage,
};

/**
 * The screen the address names. The app keeps its place with the History API rather than a
 * router library, to keep the phone's first load small; an unknown path under /agents shows
 * Active Orders, under its own address.
 */
export function AgentRoutes({ agentId }: { agentId: string }) {
  const pathname = useAgentPath();
  const screen = agentScreenOf(pathname);
  useEffect(() => {
    if (screen === null) navigateAgent('/agents', { replace: true });
  }, [screen]);
  const Screen = agentScreens[screen ?? 'active'];
  return <Screen agentId={agentId} />;
}
