import { t } from '@lingui/core/macro';
import type { MouseEvent, ReactNode } from 'react';
import { AGENT_PATHS, navigateAgent, useAgentPath } from '../agent-path';
import { ActiveIcon, CashIcon, DeliveredIcon } from '../ui/agent-icons';
import './agent-tabs.css';

interface AgentTabsProps {
  /** Orders on the Active screen (the agent's own and the open ones), once known. */
  activeCount: number | null;
}

/** The three screens, as a tab bar at the bottom of the screen where the thumb reaches. */
export function AgentTabs({ activeCount }: AgentTabsProps) {
  return (
    <nav className="agent-tabs" aria-label={t`Agent screens`}>
      <TabLink to={AGENT_PATHS.active}>
        <ActiveIcon />
        <span>{t`Active Orders`}</span>
        {activeCount !== null && activeCount > 0 && (
          <span className="agent-tabs__count">
            <span className="visually-hidden">, </span>
            {activeCount}
          </span>
        )}
      </TabLink>
      <TabLink to={AGENT_PATHS.delivered}>
        <DeliveredIcon />
        <span>{t`Delivered Orders`}</span>
      </TabLink>
      <TabLink to={AGENT_PATHS.cash}>
        <CashIcon />
        <span>{t`Cash`}</span>
      </TabLink>
    </nav>
  );
}

function TabLink({ to, children }: { to: string; children: ReactNode }) {
  const current = useAgentPath().replace(/\/+$/, '') === to;
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window (modifier keys, middle click) is the browser's business.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    navigateAgent(to);
  };
  return (
    <a
      href={to}
      onClick={onClick}
      className={current ? 'agent-tabs__link active' : 'agent-tabs__link'}
      aria-current={current ? 'page' : undefined}
    >
      {children}
    </a>
  );
}
