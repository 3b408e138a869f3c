import { orderNumber, type OrderEvent, type SellerOrder } from '@kirana/shared';
import { useEffect, useState } from 'react';
import { getOrderHistory } from '../api/get-order-history';
import { errorText } from '../failure-message';
import { actorText, changeText } from '../order-history';

type History = { events: OrderEvent[] } | { error: string } | null;

const timeFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The order's history on its card, oldest first: who did what, and when. Read when opened, and
 * read again while open whenever the order changes (its card gets the live update).
 */
export function OrderHistory({ order }: { order: Pick<SellerOrder, '_id' | 'updatedAt'> }) {
  const [open, setOpen] = useState(false);
  const [history, setHistory] = useState<History>(null);

  useEffect(() => {
    if (!open) return;
    const reading = new AbortController();
    getOrderHistory(order._id, reading.signal).then(
      ({ events }) => {
        if (!reading.signal.aborted) setHistory({ events });
      },
      (error: unknown) => {
        if (!reading.signal.aborted) setHistory({ error: errorText(error) });
      },
    );
    return () => reading.abort();
  }, [open, order._id, order.updatedAt]);

  return (
    <details
      className="seller-order__history"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary>
        History<span className="visually-hidden"> of order #{orderNumber(order._id)}</span>
      </summary>
      {history === null ? (
        <p className="seller-muted">Loading the history…</p>
      ) : 'error' in history ? (
        <p role="alert">{history.error}</p>
      ) : (
        <ol aria-label="Order history">
          {history.events.map((event, index) => (
            <li key={index}>
              <time dateTime={event.at}>{timeFormat.format(new Date(event.at))}</time>{' '}
              <strong>{actorText(event)}</strong> {changeText(event)}
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}
