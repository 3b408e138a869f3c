import { NavLink } from 'react-router';
import { ActiveIcon, DeliveredIcon } from './agent-icons';

interface AgentTabsProps {
  /** Orders on the Active screen (the agent's own and the open ones), once known. */
  activeCount: number | null;
}

/** The two screens, as a tab bar at the bottom of the screen where the thumb reaches. */
export function AgentTabs({ activeCount }: AgentTabsProps) {
  return (
    <nav className="agent-tabs" aria-label="Agent screens">
      <NavLink to="/agents" end className="agent-tabs__link">
        <ActiveIcon />
        <span>Active Orders</span>
        {activeCount !== null && activeCount > 0 && (
          <span className="agent-tabs__count">
            <span className="visually-hidden">, </span>
            {activeCount}
          </span>
        )}
      </NavLink>
      <NavLink to="/agents/delivered" className="agent-tabs__link">
        <DeliveredIcon />
        <span>Delivered Orders</span>
      </NavLink>
    </nav>
  );
}
