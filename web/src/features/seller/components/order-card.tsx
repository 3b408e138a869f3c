import { formatAmount, ORDER_CURRENCY, orderNumber, type SellerOrder } from '@kirana/shared';
import { refundText } from '../../payments/refund-text';
import { canTakeBackOrder } from '../order-list';
import { cancelReasonText } from '../../../lib/format';
import { cancelledByText, paymentSummary } from '../order-payment';
import { OrderHistory } from './order-history';

interface OrderCardProps {
  order: SellerOrder;
  /** Offered only inside the desktop app, which can print. */
  onPrintSlip?: (order: SellerOrder) => void;
  /** Asks to take the order back from its agent; offered while the order rules allow it. */
  onTakeBack?: (order: SellerOrder) => void;
}

const dateFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * One order as the seller packs it: what, where to, how much and how paid (and any refund), who
 * delivers it (with 'Take back' while the order can go back to the pool); a cancelled order
 * says by whom and why; its history opens below.
 */
export function OrderCard({ order, onPrintSlip, onTakeBack }: OrderCardProps) {
  const headingId = `order-${order._id}`;
  const { address, assignedTo } = order;
  const payment = paymentSummary(order);

  return (
    <article className="seller-order" aria-labelledby={headingId}>
      <header className="seller-order__head">
        <h2 id={headingId} className="seller-order__title">
          Order #{orderNumber(order._id)}
        </h2>
        <time className="seller-order__date" dateTime={order.createdAt}>
          {dateFormat.format(new Date(order.createdAt))}
        </time>
        <span className="seller-status" data-status={order.status}>
          {order.status}
        </span>
        {onPrintSlip && (
          <button
            type="button"
            className="seller-button seller-button--ghost seller-button--small seller-order__print"
            onClick={() => onPrintSlip(order)}
          >
            Print packing slip
          </button>
        )}
      </header>

      {order.status === 'Cancelled' && (
        <p className="seller-order__cancelled">
          <strong>{cancelledByText(order.cancelledBy)}</strong>
          {order.cancelledAt && (
            <>
              {' '}
              <time dateTime={order.cancelledAt}>
                {dateFormat.format(new Date(order.cancelledAt))}
              </time>
            </>
          )}
          {' · '}Reason: {cancelReasonText(order.cancelReason)}
        </p>
      )}

      <div className="seller-order__body">
        <section className="seller-order__part seller-order__items" aria-label="Items">
          <h3>Items</h3>
          <ul>
            {order.items.map(({ product, quantity }) => (
              <li key={product._id}>
                <span className="seller-order__item-name">{product.name}</span>{' '}
                <span className="seller-order__qty">× {quantity}</span>
              </li>
            ))}
          </ul>
        </section>

        <section className="seller-order__part" aria-label="Delivery address">
          <h3>Deliver to</h3>
          <address>
            <strong>
              {address.firstName} {address.lastName}
            </strong>
            <br />
            {address.street}
            <br />
            {address.city}, {address.state} {address.zipcode}
            <br />
            {address.country}
            <br />
            <a href={`tel:${address.phone}`}>{address.phone}</a>
          </address>
        </section>

        <section className="seller-order__part" aria-label="Payment">
          <h3>Payment</h3>
          <p className="seller-order__amount">{formatAmount(order.amount, ORDER_CURRENCY)}</p>
          <p>
            {order.paymentType}
            {' · '}
            <span className="seller-paid" data-paid={payment.state}>
              {payment.text}
            </span>
          </p>
          {order.refund && (
            <p className="seller-order__refund">Refund {refundText(order.refund)}</p>
          )}
        </section>

        <section className="seller-order__part" aria-label="Delivery agent">
          <h3>Agent</h3>
          {assignedTo ? (
            <>
              <p>
                {assignedTo.name}
                <br />
                <a href={`tel:${assignedTo.phone}`}>{assignedTo.phone}</a>
              </p>
              {onTakeBack && canTakeBackOrder(order) && (
                <button
                  type="button"
                  className="seller-button seller-button--ghost seller-button--small"
                  onClick={() => onTakeBack(order)}
                >
                  Take back
                </button>
              )}
            </>
          ) : (
            <p className="seller-muted">Unassigned</p>
          )}
        </section>
      </div>
      <OrderHistory order={order} />
    </article>
  );
}
