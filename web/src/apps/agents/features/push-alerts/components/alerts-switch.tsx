import { t } from '@lingui/core/macro';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from '../../../../../lib/toast';
import { BellIcon } from '../../../ui/agent-icons';
import { useAgentLocale } from '../../../i18n/locale';
import { cannotText, pushAlertMutations } from '../mutations';
import { syncAlerts, type AlertsState } from '../push-alerts';
import '../push-alerts.css';

/**
 * The header's bell: alerts of new orders while the app is closed (Web Push), on or off for
 * this phone. When the browser cannot push, or notifications are blocked, a tap says why.
 */
export function AlertsSwitch() {
  const locale = useAgentLocale();
  const [state, setState] = useState<AlertsState | 'checking'>('checking');
  const change = useMutation(pushAlertMutations.set());

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
  const onClick = () => {
    if (state === 'unsupported') {
      toast.error(cannotText(state));
      return;
    }
    change.mutate({ on: !on, locale }, { onSuccess: setState });
  };

  return (
    <button
      type="button"
      className={`agent-alerts${on ? ' agent-alerts--on' : ''}`}
      aria-pressed={on}
      aria-busy={change.isPending}
      disabled={change.isPending || state === 'checking'}
      onClick={onClick}
    >
      <BellIcon off={!on} />
      <span className="visually-hidden">{t`Alerts when the app is closed`}</span>
    </button>
  );
}
