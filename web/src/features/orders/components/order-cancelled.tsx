import type { CancelledBy } from '@kirana/shared';
import { cancelReasonText } from '../../../lib/format';
import { cancelledByText } from '../order-stage';
import './order-stage.css';

const DATE_FORMAT = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
});

interface OrderCancelledProps {
  by: CancelledBy | null;
  reason: string | null;
  at: string | null;
}

/** A cancelled order, in place of its progress: why, by whom and when. */
export function OrderCancelled({ by, reason, at }: OrderCancelledProps) {
  return (
    <div className="order-stage order-stage--cancelled">
      <div className="order-stage__text">
        <p className="order-stage__title">Order cancelled</p>
        {/* The shopper who cancelled gave no reason, and needs none told back. */}
        {(reason || by !== 'user') && <p>Reason: {cancelReasonText(reason)}</p>}
        <p className="muted">
          {cancelledByText(by)}
          {at && (
            <>
              {' · '}
              <time dateTime={at}>{DATE_FORMAT.format(new Date(at))}</time>
            </>
          )}
        </p>
      </div>
    </div>
  );
}
