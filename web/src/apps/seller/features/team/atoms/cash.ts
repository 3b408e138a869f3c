import type { CashReportAnswer, CorrectionBody, HandoverBody } from '@kirana/shared';
import { atom } from 'jotai';
import { desktop } from '../../../../../lib/desktop-bridge';
import { queryClient } from '../../../../../lib/query-client';
import { toast } from '../../../../../lib/toast';
import { recordCashLine } from '../api/record-cash-line';
import { errorText, failureMessage, isSessionLost } from '../../../failure-message';
import { refreshTeamAndCash } from '../queries';
import { sessionLostAtom } from '../../../session/seller-auth';

/** A handover (cash brought to the counter) or a correction of an agent's cash in hand. */
export type CashEntry =
  { kind: 'handover'; body: HandoverBody } | { kind: 'correction'; body: CorrectionBody };

/**
 * Prints the day's cash report: through the desktop app's printer dialog (a page of its own,
 * with a line for each agent to sign), else the browser's print of the screen.
 */
export const printCashReportAtom = atom(null, async (_get, _set, report: CashReportAnswer) => {
  if (!desktop) {
    window.print();
    return;
  }
  try {
    const result = await desktop.printCashReport(report);
    if (!result.printed) toast.error(result.reason);
  } catch (error) {
    toast.error(errorText(error));
  }
});

/**
 * Writes `entry` to agent `agentId`'s ledger; toasts the server's answer ('Handover of ₹X
 * recorded') or its refusal. Resolves true once written; the team, the report and the ledger follow.
 */
export const recordCashEntryAtom = atom(
  null,
  async (_get, set, agentId: string, entry: CashEntry): Promise<boolean> => {
    try {
      const answer = await recordCashLine(agentId, entry);
      toast.success(answer.message);
      void refreshTeamAndCash(queryClient);
      return true;
    } catch (error) {
      if (isSessionLost(error)) set(sessionLostAtom, errorText(error));
      else
        toast.error(
          failureMessage(
            error,
            entry.kind === 'handover'
              ? 'Could not record the handover'
              : 'Could not record the correction',
          ),
        );
      return false;
    }
  },
);
