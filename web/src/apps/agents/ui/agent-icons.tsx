import type { ReactNode } from 'react';
import { Icon } from '../../../common/ui/icons';
import './agent-icons.css';

/* The agent app's line icons (24 × 24, stroked in the current colour); decorative. */

const AgentIcon = ({ children, size = 22 }: { children: ReactNode; size?: number }) => (
  <Icon className="agent-icon" size={size}>
    {children}
  </Icon>
);

export const PhoneIcon = () => (
  <AgentIcon>
    <path d="M5 4h3.5l1.8 4.5-2.3 1.4a11 11 0 0 0 6.1 6.1l1.4-2.3L20 15.5V19a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z" />
  </AgentIcon>
);

export const MapIcon = () => (
  <AgentIcon>
    <path d="M12 21s-7-6.1-7-11.5a7 7 0 0 1 14 0C19 14.9 12 21 12 21z" />
    <circle cx="12" cy="9.5" r="2.5" />
  </AgentIcon>
);

export const ActiveIcon = () => (
  <AgentIcon>
    <circle cx="6" cy="17" r="3" />
    <circle cx="18" cy="17" r="3" />
    <path d="M9 17h6l-3-8h-3M15 17l2.5-7H21M12 9l1-3h3" />
  </AgentIcon>
);

export const DeliveredIcon = () => (
  <AgentIcon>
    <path d="M4 7l8-4 8 4v10l-8 4-8-4z" />
    <path d="m8.5 12 2.5 2.5 4.5-5" />
  </AgentIcon>
);

export const RefreshIcon = () => (
  <AgentIcon size={20}>
    <path d="M20 11a8 8 0 1 0-2.3 5.7M20 5v6h-6" />
  </AgentIcon>
);

export const OfflineIcon = () => (
  <AgentIcon size={20}>
    <path d="M3 3l18 18M8.5 16.5a5 5 0 0 1 7 0M5 12.9a10 10 0 0 1 4.2-2.4M19 12.9a10 10 0 0 0-2.4-1.6M2 9a15 15 0 0 1 4.5-2.8M22 9a15 15 0 0 0-10-3.9" />
    <path d="M12 20h.01" />
  </AgentIcon>
);

export const CashIcon = () => (
  <AgentIcon>
    <rect x="2.5" y="6" width="19" height="12" rx="2" />
    <circle cx="12" cy="12" r="2.5" />
    <path d="M6 9.5v5M18 9.5v5" />
  </AgentIcon>
);

/** A bell, struck through while alerts are off. */
export const BellIcon = ({ off }: { off: boolean }) => (
  <AgentIcon>
    <path d="M6 9a6 6 0 0 1 12 0c0 5 2 6.5 2 6.5H4S6 14 6 9z" />
    <path d="M10 19a2 2 0 0 0 4 0" />
    {off && <path d="M3 3l18 18" />}
  </AgentIcon>
);

export const LogoutIcon = () => (
  <AgentIcon>
    <path d="M9 20H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h3M16 17l5-5-5-5M21 12H9" />
  </AgentIcon>
);
