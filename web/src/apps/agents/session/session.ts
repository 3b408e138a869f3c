import { t } from '@lingui/core/macro';
import { atom } from 'jotai';
import { toast } from '../../../lib/toast';
import { forgetAgent, rememberAgent, rememberedAgent } from './agent-storage';
import { getAgentAuth } from './api/get-agent-auth';
import { loginAgent } from './api/login-agent';
import { logoutAgent } from './api/logout-agent';
import { errorCodeOf, failureText, isNotPaired, isUnreachable } from '../failure-message';
import type { Reach } from '../use-refresh-loop';
import { pairingRefusalAtom } from './pairing';
import { agentSessionAtom, dutyAtom, offlineAtom } from './session-state';

/**
 * The start-up check: is the agent's session live? Out of reach, the agent kept in local storage
 * counts as logged in (the orders feed learns the truth once the signal returns); with nobody
 * kept, the login shows under the offline banner. The caller retries while this answers
 * 'unreachable'.
 */
export const checkAgentAuthAtom = atom(null, async (get, set): Promise<Reach> => {
  try {
    const agent = await getAgentAuth();
    set(offlineAtom, false);
    if (agent) {
      rememberAgent(agent);
      set(dutyAtom, agent.onDuty);
      set(agentSessionAtom, { state: 'in', agent });
    } else {
      forgetAgent();
      set(agentSessionAtom, { state: 'out' });
    }
    return 'reached';
  } catch (error) {
    if (isUnreachable(error)) {
      set(offlineAtom, true);
      const kept = rememberedAgent();
      if (get(agentSessionAtom).state === 'checking') {
        set(agentSessionAtom, kept ? { state: 'in', agent: kept } : { state: 'out' });
      }
      return 'unreachable';
    }
    set(agentSessionAtom, { state: 'out' });
    const failed = t({ id: 'spec.authenticationFailed', message: 'Authentication failed' });
    toast.error(failureText(error, { rejected: failed, failed }));
    return 'reached';
  }
});

/**
 * Logs the agent in by phone; resolves true once in. Toasts 'Phone number required' for an empty
 * number without asking the server, else the server's refusal, e.g. 'No agent is registered with
 * this phone number' ('Login failed' / 'Login error' when it said nothing). A phone the shop has
 * not paired (AGENT_LOGIN=paired) is no toast: the login shows the refusal with what to do.
 */
export const logInAgentAtom = atom(null, async (_get, set, phone: string): Promise<boolean> => {
  if (phone.trim() === '') {
    toast.error(phoneRequiredText());
    return false;
  }
  try {
    const agent = await loginAgent({ phone: phone.trim() });
    // In: what an earlier try was told ('No agent is registered …') no longer holds.
    toast.clearErrors();
    set(pairingRefusalAtom, null);
    rememberAgent(agent);
    set(dutyAtom, agent.onDuty);
    set(offlineAtom, false);
    set(agentSessionAtom, { state: 'in', agent });
    return true;
  } catch (error) {
    if (isUnreachable(error)) set(offlineAtom, true);
    const message = failureText(error, {
      rejected: t({ id: 'spec.loginFailed', message: 'Login failed' }),
      failed: t({ id: 'spec.loginError', message: 'Login error' }),
    });
    set(pairingRefusalAtom, isNotPaired(error) ? (errorCodeOf(error) ?? null) : null);
    if (!isNotPaired(error)) toast.error(message);
    return false;
  }
});

/**
 * Logs the agent out and forgets them on this phone; the login shows again. Out of reach, the
 * agent stays in (with a toast): the server would otherwise keep a session this phone forgot.
 */
export const logOutAgentAtom = atom(null, async (_get, set): Promise<void> => {
  try {
    await logoutAgent();
    forgetAgent();
    set(agentSessionAtom, { state: 'out' });
    // The server says 'Logged Out', the spec's words: the app says them in the agent's language.
    toast.success(t`Logged Out`);
  } catch (error) {
    if (isUnreachable(error)) set(offlineAtom, true);
    // The spec names no text for a failed logout.
    const failed = t`Logout failed`;
    toast.error(failureText(error, { rejected: failed, failed }));
  }
});

/** 'Phone number required': the login's toast, and its field's error. */
export const phoneRequiredText = () =>
  t({ id: 'spec.phoneRequired', message: 'Phone number required' });
