import { t } from '@lingui/core/macro';
import { mutationOptions } from '@tanstack/react-query';
import { toast } from '../../../../lib/toast';
import { failureText } from '../../failure-message';
import type { AgentLocale } from '../../i18n/locale';
import { turnOffAlerts, turnOnAlerts, type AlertsState } from './push-alerts';

/** Why alerts cannot be on here, in the agent's words. */
export function cannotText(state: 'unsupported' | 'blocked'): string {
  return state === 'unsupported'
    ? t`This browser cannot alert you while the app is closed. On an iPhone, add Kirana Delivery to the Home Screen and open it from there.`
    : t`Notifications are blocked for Kirana Delivery. Allow them in the browser’s site settings, then turn alerts on.`;
}

export const pushAlertMutations = {
  /**
   * Turns this phone's alerts of new orders on (in the agent's `locale`) or off, and says how it
   * went; resolves with where alerts stand now.
   */
  set: () =>
    mutationOptions({
      mutationFn: async ({ on, locale }: { on: boolean; locale: AgentLocale }) => {
        if (!on) {
          await turnOffAlerts();
          return 'off' as AlertsState;
        }
        return turnOnAlerts(locale);
      },
      onSuccess: (now, { on }) => {
        if (!on) toast.success(t`Alerts are off on this phone.`);
        else if (now === 'on')
          toast.success(t`Alerts are on: new orders ring this phone, even with the app closed.`);
        else if (now === 'off') toast.warning(t`Alerts stay off: notifications were not allowed.`);
        else toast.error(cannotText(now));
      },
      onError: (error) => {
        console.warn('Alerts could not be changed:', error);
        toast.error(
          failureText(error, {
            rejected: t`Alerts cannot be turned on for this phone’s browser.`,
            failed: t`Alerts could not be changed. Check your connection and try again.`,
          }),
        );
      },
    }),
};
