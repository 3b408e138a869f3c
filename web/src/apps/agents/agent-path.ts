import { useSyncExternalStore } from 'react';

/*
 * The agent app has three screens, so it keeps its place with the History API directly rather
 * than a router library: that keeps its first load within the phone's 100 kB budget.
 */
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

const currentPath = () => window.location.pathname;

/** The current path, re-rendering on every navigation (links, back and forward). */
export function useAgentPath(): string {
  return useSyncExternalStore(subscribe, currentPath);
}

export function navigateAgent(path: string, { replace = false } = {}): void {
  if (path === currentPath()) return;
  window.history[replace ? 'replaceState' : 'pushState'](null, '', path);
  for (const listener of listeners) listener();
}

/** The agent app's screens: the orders to deliver, those delivered, and the cash in hand. */
export type AgentScreen = 'active' | 'delivered' | 'cash';

/** Each screen's address (the screens themselves: routes.tsx). */
export const AGENT_PATHS: Readonly<Record<AgentScreen, string>> = {
  active: '/agents',
  delivered: '/agents/delivered',
  cash: '/agents/cash',
};

const screenAt = new Map(
  Object.entries(AGENT_PATHS).map(([screen, path]) => [path, screen as AgentScreen]),
);

/** Which screen a path shows: null for a path the app does not know. */
export function agentScreenOf(path: string): AgentScreen | null {
  return screenAt.get(path.replace(/\/+$/, '')) ?? null;
}
