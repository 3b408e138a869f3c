import { atom } from 'jotai';
import { toast } from '../../../lib/toast';
import { forgetAgent, type StoredAgent } from './agent-storage';

/**
 * Whether an agent is logged in: 'checking' until the start-up `is-auth` check has answered.
 * Offline at start-up, the agent kept in local storage counts as logged in until the server
 * says otherwise, so the app opens on a bike without a signal.
 */
export type AgentSession =
  { state: 'checking' } | { state: 'out' } | { state: 'in'; agent: StoredAgent };

export const agentSessionAtom = atom<AgentSession>({ state: 'checking' });

/** The logged-in agent's id, or null. */
export const agentIdAtom = atom((get) => {
  const session = get(agentSessionAtom);
  return session.state === 'in' ? session.agent._id : null;
});

/**
 * Whether the agent is on duty (alerted to new orders), as the server last said; null while
 * unknown (opened offline).
 */
export const dutyAtom = atom<boolean | null>(null);

/**
 * True from a call that could not reach the server (or the browser's `offline` event) until the
 * next call that did: the screens then show 'Offline — retrying…'.
 */
const offlineStateAtom = atom(false);
export const offlineAtom = atom(
  (get) => get(offlineStateAtom),
  // An answer that lands after the phone lost its signal does not hide the banner.
  (_get, set, offline: boolean) =>
    set(offlineStateAtom, offline || globalThis.navigator?.onLine === false),
);

/**
 * A call answered 401: the session ended (logged out elsewhere, or the seller removed the
 * agent). Shows the login again with the server's words, once however many calls noticed it.
 */
export const sessionLostAtom = atom(null, (get, set, message: string) => {
  if (get(agentSessionAtom).state !== 'in') return;
  forgetAgent();
  set(agentSessionAtom, { state: 'out' });
  toast.error(message);
});
