import { t } from '@lingui/core/macro';
import { mutationOptions } from '@tanstack/react-query';
import { store } from '../../../../lib/store';
import { toast } from '../../../../lib/toast';
import { setDuty } from './api/set-duty';
import { failureText } from '../../failure-message';
import { dutyAtom } from '../../session/session-state';

export const dutyMutations = {
  /**
   * Switches the agent on or off duty (only agents on duty are alerted to new orders); toasts what
   * it means, or why it failed.
   */
  switchDuty: () =>
    mutationOptions({
      mutationFn: (onDuty: boolean) => setDuty(onDuty),
      onSuccess: (answer) => {
        store.set(dutyAtom, answer.agent.onDuty);
        toast.success(
          answer.agent.onDuty
            ? t`You are on duty: new orders will alert you`
            : t`You are off duty: new orders will not alert you`,
        );
      },
      onError: (error) => {
        const failed = t`Could not change your duty. Try again.`;
        toast.error(failureText(error, { rejected: failed, failed }));
      },
    }),
};
