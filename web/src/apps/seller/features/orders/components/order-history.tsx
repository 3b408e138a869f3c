import { orderNumber, shopTime, type SellerOrder } from '@kirana/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useShopTimeZone } from '../../../../../common/shop-settings/use-shop';
import { errorText } from '../../../failure-message';
import { actorText, changeText } from '../order-history';
import { sellerOrderQueries } from '../queries';
import './order-history.css';

/**
 * The order's history on its card, oldest first: who did what, and when. Read when opened, and
 * read again while open whenever the order changes (its card gets the live update).
 */
export function OrderHistory({ order }: { order: Pick<SellerOrder, '_id' | 'updatedAt'> }) {
  const [open, setOpen] = useState(false);
  const timeZone = useShopTimeZone();
  // The history before the change stays shown while the new one loads.
  const { data: history, error } = useQuery({
    ...sellerOrderQueries.orderHistory(order),
    enabled: open,
    placeholderData: keepPreviousData,
  });

  return (
    <details
      className="seller-order__history"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary>
        History<span className="visually-hidden"> of order #{orderNumber(order._id)}</span>
      </summary>
      {error && !history ? (
        <p role="alert">{errorText(error)}</p>
      ) : !history ? (
        <p className="seller-muted">Loading the history…</p>
      ) : (
        <ol aria-label="Order history">
          {history.events.map((event, index) => (
            <li key={index}>
              <time dateTime={event.at}>{shopTime(event.at, timeZone)}</time>{' '}
              <strong>{actorText(event)}</strong> {changeText(event)}
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}
