import { t } from '@lingui/core/macro';
import { atom } from 'jotai';
import { toast } from '../../../../../lib/toast';
import { setDuty } from '../api/set-duty';
import { failureText } from '../../../failure-message';
import { dutyAtom } from '../../../session/session-state';

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
