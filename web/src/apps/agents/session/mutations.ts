import { t } from '@lingui/core/macro';
import { mutationOptions } from '@tanstack/react-query';
import { store } from '../../../lib/store';
import { toast } from '../../../lib/toast';
import { turnOffAlerts } from '../features/push-alerts/push-alerts';
import { forgetAgent } from './agent-storage';
import { logoutAgent } from './api/logout-agent';
import { failureText, isUnreachable } from '../failure-message';
import { agentSessionAtom, offlineAtom } from './session-state';

/** The logged-in agent's changes to their session (made in the shell, which holds the cache). */
export const agentSessionMutations = {
  /**
   * Turns this phone's order alerts off (logged out, it hears of no more orders; the next agent
   * turns them on anew), logs the agent out and forgets them on this phone; the login shows
   * again. Out of reach, the agent stays in (with a toast): the server would otherwise keep a
   * session this phone forgot.
   */
  logOut: () =>
    mutationOptions({
      mutationFn: async () => {
        await turnOffAlerts().catch((error: unknown) => console.warn('Alerts stay on:', error));
        return logoutAgent();
      },
      onSuccess: () => {
        forgetAgent();
        store.set(agentSessionAtom, { state: 'out' });
        // The server says 'Logged Out', the spec's words: the app says them in the agent's language.
        toast.success(t`Logged Out`);
      },
      onError: (error) => {
        if (isUnreachable(error)) store.set(offlineAtom, true);
        // The spec names no text for a failed logout.
        const failed = t`Logout failed`;
        toast.error(failureText(error, { rejected: failed, failed }));
      },
    }),
};
