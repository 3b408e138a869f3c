import { shopTime, type CancelledBy } from '@kirana/shared';
import { cancelReasonText } from '../../../../../lib/format';
import { useShopTimeZone } from '../../../../../common/shop-settings/use-shop';
import { cancelledByText } from '../order-stage';
import './order-stage.css';

interface OrderCancelledProps {
  by: CancelledBy | null;
  reason: string | null;
  at: string | null;
}

/** A cancelled order, in place of its progress: why, by whom and when. */
export function OrderCancelled({ by, reason, at }: OrderCancelledProps) {
  const timeZone = useShopTimeZone();
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
              <time dateTime={at}>{shopTime(at, timeZone, 'day-time')}</time>
            </>
          )}
        </p>
      </div>
    </div>
  );
}
