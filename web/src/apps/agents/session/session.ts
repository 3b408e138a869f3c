import { t } from '@lingui/core/macro';
import { store } from '../../../lib/store';
import { toast } from '../../../lib/toast';
import { forgetAgent, rememberAgent, rememberedAgent } from './agent-storage';
import { getAgentAuth } from './api/get-agent-auth';
import { loginAgent } from './api/login-agent';
import { errorCodeOf, failureText, isNotPaired, isUnreachable } from '../failure-message';
import type { Reach } from '../../../lib/refresh-loop';
import { pairingRefusalAtom } from './pairing';
import { agentSessionAtom, dutyAtom, offlineAtom } from './session-state';

/**
 * The start-up check: is the agent's session live? Out of reach, the agent kept in local storage
 * counts as logged in (the orders feed learns the truth once the signal returns); with nobody
 * kept, the login shows under the offline banner. The caller retries while this answers
 * 'unreachable'.
 */
export async function checkAgentAuth(): Promise<Reach> {
  try {
    const agent = await getAgentAuth();
    store.set(offlineAtom, false);
    if (agent) {
      rememberAgent(agent);
      store.set(dutyAtom, agent.onDuty);
      store.set(agentSessionAtom, { state: 'in', agent });
    } else {
      forgetAgent();
      store.set(agentSessionAtom, { state: 'out' });
    }
    return 'reached';
  } catch (error) {
    if (isUnreachable(error)) {
      store.set(offlineAtom, true);
      const kept = rememberedAgent();
      if (store.get(agentSessionAtom).state === 'checking') {
        store.set(agentSessionAtom, kept ? { state: 'in', agent: kept } : { state: 'out' });
      }
      return 'unreachable';
    }
    store.set(agentSessionAtom, { state: 'out' });
    const failed = t({ id: 'spec.authenticationFailed', message: 'Authentication failed' });
    toast.error(failureText(error, { rejected: failed, failed }));
    return 'reached';
  }
}

/**
 * Logs the agent in by phone; resolves true once in. Toasts 'Phone number required' for an empty
 * number without asking the server, else the server's refusal, e.g. 'No agent is registered with
 * this phone number' ('Login failed' / 'Login error' when it said nothing). A phone the shop has
 * not paired (AGENT_LOGIN=paired) is no toast: the login shows the refusal with what to do. A
 * plain call, not a mutation: the login screens load before the agents' query cache, and without
 * TanStack Query (docs/architecture.md#the-web-app).
 */
export async function logInAgent(phone: string): Promise<boolean> {
  if (phone.trim() === '') {
    toast.error(phoneRequiredText());
    return false;
  }
  try {
    const agent = await loginAgent({ phone: phone.trim() });
    // In: what an earlier try was told ('No agent is registered …') no longer holds.
    toast.clearErrors();
    store.set(pairingRefusalAtom, null);
    rememberAgent(agent);
    store.set(dutyAtom, agent.onDuty);
    store.set(offlineAtom, false);
    store.set(agentSessionAtom, { state: 'in', agent });
    return true;
  } catch (error) {
    if (isUnreachable(error)) store.set(offlineAtom, true);
    const message = failureText(error, {
      rejected: t({ id: 'spec.loginFailed', message: 'Login failed' }),
      failed: t({ id: 'spec.loginError', message: 'Login error' }),
    });
    store.set(pairingRefusalAtom, isNotPaired(error) ? (errorCodeOf(error) ?? null) : null);
    if (!isNotPaired(error)) toast.error(message);
    return false;
  }
}

/** 'Phone number required': the login's toast, and its field's error. */
export const phoneRequiredText = () =>
  t({ id: 'spec.phoneRequired', message: 'Phone number required' });
