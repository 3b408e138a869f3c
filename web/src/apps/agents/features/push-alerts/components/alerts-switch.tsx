import { t } from '@lingui/core/macro';
import { useEffect, useState } from 'react';
import { toast } from '../../../../../lib/toast';
import { BellIcon } from '../../../ui/agent-icons';
import { failureText } from '../../../failure-message';
import { useAgentLocale } from '../../../i18n/locale';
import { syncAlerts, turnOffAlerts, turnOnAlerts, type AlertsState } from '../push-alerts';
import '../push-alerts.css';

/** Why alerts cannot be on here, in the agent's words. */
function cannotText(state: 'unsupported' | 'blocked'): string {
  return state === 'unsupported'
    ? t`This browser cannot alert you while the app is closed. On an iPhone, add Kirana Delivery to the Home Screen and open it from there.`
    : t`Notifications are blocked for Kirana Delivery. Allow them in the browser’s site settings, then turn alerts on.`;
}

/**
 * The header's bell: alerts of new orders while the app is closed (Web Push), on or off for
 * this phone. When the browser cannot push, or notifications are blocked, a tap says why.
 */
export function AlertsSwitch() {
  const locale = useAgentLocale();
  const [state, setState] = useState<AlertsState | 'checking'>('checking');
  const [pending, setPending] = useState(false);

  // On opening, and in the new language after a switch: the server learns the phone again.
  useEffect(() => {
    let current = true;
    syncAlerts(locale).then(
      (next) => current && setState(next),
      (error: unknown) => {
        console.warn('Alerts could not be checked:', error);
        if (current) setState('off');
      },
    );
    return () => {
      current = false;
    };
  }, [locale]);

  const on = state === 'on';
  const onClick = async () => {
    if (state === 'unsupported') {
      toast.error(cannotText(state));
      return;
    }
    setPending(true);
    try {
      if (on) {
        await turnOffAlerts();
        setState('off');
        toast.success(t`Alerts are off on this phone.`);
        return;
      }
      const next = await turnOnAlerts(locale);
      setState(next);
      if (next === 'on')
        toast.success(t`Alerts are on: new orders ring this phone, even with the app closed.`);
      else if (next === 'off') toast.warning(t`Alerts stay off: notifications were not allowed.`);
      else toast.error(cannotText(next));
    } catch (error) {
      console.warn('Alerts could not be changed:', error);
      toast.error(
        failureText(error, {
          rejected: t`Alerts cannot be turned on for this phone’s browser.`,
          failed: t`Alerts could not be changed. Check your connection and try again.`,
        }),
      );
    } finally {
      setPending(false);
    }
  };

  return (
    <button
      type="button"
      className={`agent-alerts${on ? ' agent-alerts--on' : ''}`}
      aria-pressed={on}
      aria-busy={pending}
      disabled={pending || state === 'checking'}
      onClick={() => void onClick()}
    >
      <BellIcon off={!on} />
      <span className="visually-hidden">{t`Alerts when the app is closed`}</span>
    </button>
  );
}
