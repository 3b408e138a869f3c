import type { CashReportAnswer } from '@kirana/shared';
import { atom } from 'jotai';
import { desktop } from '../../../../../lib/desktop-bridge';
import { toast } from '../../../../../lib/toast';
import { errorText } from '../../../failure-message';

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
