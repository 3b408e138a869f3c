import { t } from '@lingui/core/macro';
import { atom } from 'jotai';
import { store } from '../../../lib/store';
import { pairPhone } from './api/pair-phone';
import { failureText, isUnreachable } from '../failure-message';

/** The agent this phone was just paired for: the login starts with their number filled in. */
export const pairedAgentAtom = atom<{ name: string; phone: string } | null>(null);

/**
 * The server refused to log in on this phone because it is not paired (or paired for another
 * number): the answer's code, whose words the login shows (in the agent's language) with what
 * to do. Null otherwise.
 */
export const pairingRefusalAtom = atom<string | null>(null);

/**
 * Pairs this phone with the invite `code` from the shop's link. Answers the paired agent's
 * number, or the failure (see {@link pairingFailureText}) and whether to offer a retry: out of
 * reach, the same link may work once the signal is back. A plain call, like the login's
 * (session.ts): the join screen loads before the agents' query cache.
 */
export async function pairThisPhone(
  code: string,
): Promise<{ ok: true; phone: string } | { ok: false; error: unknown; retry: boolean }> {
  try {
    const { agent } = await pairPhone({ code });
    store.set(pairedAgentAtom, agent);
    store.set(pairingRefusalAtom, null);
    return { ok: true, phone: agent.phone };
  } catch (error) {
    return { ok: false, error, retry: isUnreachable(error) };
  }
}

/** Why pairing failed, in the agent's language: a used, expired or replaced invite, else the app's words. */
export const pairingFailureText = (error: unknown): string =>
  failureText(error, {
    rejected: t`This invite link could not be used. Ask the shop for a new invite.`,
    failed: t`Could not reach the shop. Check your connection, then open the invite link again.`,
  });
