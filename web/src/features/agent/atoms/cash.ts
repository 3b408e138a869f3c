import { formatAmount, ORDER_CURRENCY, type AgentCash } from '@kirana/shared';
import { t } from '@lingui/core/macro';
import { atom } from 'jotai';
import { toast } from '../../../lib/toast';
import { getCash } from '../api/get-cash';
import { setDuty } from '../api/set-duty';
import { failureText, isSessionLost } from '../failure-message';
import { dutyAtom } from './session-state';

/** The agent's cash in hand and latest ledger lines, or null until first fetched. */
export const agentCashAtom = atom<AgentCash | null>(null);

const rupees = (amount: number) => formatAmount(amount, ORDER_CURRENCY);

/** The id of the newest line of `cash` (ids are time-ordered UUIDv7), or '' for none. */
const newestLine = (cash: AgentCash) => cash.lines[0]?._id ?? '';

/**
 * The agent's cash as the server sent it (a fetch, or live `cash:updated`), unless it is older
 * than the one held (a late answer never rolls the screen back). A handover the phone had not
 * seen yet is announced: the shop has just taken cash at the counter.
 */
export const receiveCashAtom = atom(null, (get, set, cash: AgentCash) => {
  const held = get(agentCashAtom);
  if (held && newestLine(cash) < newestLine(held)) return;
  set(agentCashAtom, cash);
  if (!held) return;
  const seen = new Set(held.lines.map((line) => line._id));
  for (const line of cash.lines) {
    if (line.kind !== 'handover' || seen.has(line._id)) continue;
    const amount = rupees(-line.amount);
    const left = rupees(line.balance);
    toast.success(t`The shop took ${amount} from you. Cash in hand: ${left}`);
  }
});

/** Fetches the agent's cash; a failure is only logged (the orders' refresh reports the network). */
export const refreshCashAtom = atom(null, async (_get, set): Promise<void> => {
  try {
    set(receiveCashAtom, await getCash());
  } catch (error) {
    if (!isSessionLost(error)) console.warn('Could not load the cash in hand', error);
  }
});

/**
 * Switches the agent on or off duty (only agents on duty are alerted to new orders); toasts what
 * it means, or why it failed. Resolves once the server answered.
 */
export const switchDutyAtom = atom(null, async (_get, set, onDuty: boolean): Promise<void> => {
  try {
    const answer = await setDuty(onDuty);
    set(dutyAtom, answer.agent.onDuty);
    toast.success(
      answer.agent.onDuty
        ? t`You are on duty: new orders will alert you`
        : t`You are off duty: new orders will not alert you`,
    );
  } catch (error) {
    const failed = t`Could not change your duty. Try again.`;
    toast.error(failureText(error, { rejected: failed, failed }));
  }
});

/** Forgets the cash at a logout or a lost session. */
export const resetCashAtom = atom(null, (_get, set) => {
  set(agentCashAtom, null);
});
