import { useMutation, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Icon } from '../../../../../common/ui/icons';
import { cannotNotifyText, orderNotificationChanges, orderNotificationQueries } from '../queries';
import { ORDER_NOTIFICATION_TEXTS as TEXTS } from '../texts';
import './order-notifications-switch.css';

/** A bell, here rather than with the shop's icons: only My Orders needs it. */
const BellIcon = () => (
  <Icon size={20}>
    <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0" />
  </Icon>
);

/**
 * "Notify me about my orders": this browser's notifications of the shopper's orders' changes
 * (Web Push), on or off. Turning on asks the browser's permission; where the browser cannot
 * notify, or notifications are blocked, it says why.
 */
export function OrderNotificationsSwitch({ userId }: { userId: string }) {
  const hintId = useId();
  const checked = useQuery(orderNotificationQueries.state(userId));
  const turnOn = useMutation(orderNotificationChanges.turnOn(userId));
  const turnOff = useMutation(orderNotificationChanges.turnOff(userId));
  // A browser that could not even be asked counts as off: turning on says what is wrong.
  const state = checked.data ?? (checked.isError ? 'off' : null);
  const pending = turnOn.isPending || turnOff.isPending;
  const on = state === 'on';
  const hint = state && cannotNotifyText(state);

  return (
    <div className="order-notifications">
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-busy={pending || state === null}
        aria-describedby={hint ? hintId : undefined}
        className="order-notifications__switch"
        disabled={state === null || state === 'unsupported' || pending}
        onClick={() => (on ? turnOff.mutate() : turnOn.mutate())}
      >
        <BellIcon />
        <span>{TEXTS.control}</span>
        <span className="order-notifications__track" aria-hidden="true">
          <span className="order-notifications__thumb" />
        </span>
      </button>
      {hint && (
        <p id={hintId} className="order-notifications__hint">
          {hint}
        </p>
      )}
    </div>
  );
}
