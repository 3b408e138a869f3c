import {
  formatAmount,
  formatQuantity,
  isFinished,
  ORDER_CURRENCY,
  orderNumber,
  promiseState,
  shopTime,
  type Agent,
  type SellerOrder,
} from '@kirana/shared';
import { useId, useState } from 'react';
import { refundText } from '../../../../../common/payments/refund-text';
import { useShopTimeZone } from '../../../../../common/shop-settings/use-shop';
import { canAssignOrder, canCancelOrder, canTakeBackOrder } from '../order-list';
import { useClock } from '../../../../../lib/clock';
import { cancelReasonText } from '../../../../../lib/format';
import { cancelledByText, paymentSummary } from '../order-payment';
import { OrderHistory } from './order-history';
import { Button, buttonClass } from '../../../../../common/ui/button';
import { orderInvoiceUrl } from '../api/order-invoice';
import { desktop, printedBy } from '../../../../../lib/desktop-bridge';
import { printInFrame } from '../../../../../lib/print-in-frame';
import { reportFailure } from '../../../failure-message';
import { Alert } from '../../../ui/seller-page';
import '../../../ui/status-pill.css';
import './order-card.css';

interface OrderCardProps {
  order: SellerOrder;
  /** Offered only inside the desktop app, which can print. */
  onPrintSlip?: (order: SellerOrder) => void;
  /** Asks to take the order back from its agent; offered while the order rules allow it. */
  onTakeBack?: (order: SellerOrder) => void;
  /** Asks to cancel the order; offered until it is delivered. */
  onCancel?: (order: SellerOrder) => void;
  /** The delivery team, to hand an open order to one of them. */
  agents?: readonly Agent[];
  /** Hands the open order to the chosen agent. */
  onAssign?: (order: SellerOrder, agentId: string) => void;
  /** Lets the agent try the delivery PIN again; offered while too many wrong ones lock it. */
  onUnlockPin?: (order: SellerOrder) => void;
}

/** When an order on its way is due ("Due 12:40 pm"), and "Late" once the promise is broken. */
function PromiseMark({ order }: { order: SellerOrder }) {
  const state = promiseState(order, useClock());
  const timeZone = useShopTimeZone();
  if (!state || state === 'on-time' || !order.promisedAt) return null;
  const due = shopTime(order.promisedAt, timeZone, 'time');
  return state === 'late' ? (
    <span className="seller-late">
      Late<span className="visually-hidden">: it was due at {due}</span>
    </span>
  ) : (
    <span className="seller-due">Due {due}</span>
  );
}

/**
 * One order as the seller packs it: what, where to, how much and how paid (and any refund), who
 * delivers it ('Assign' while it is open, 'Take back' while an agent holds it, 'Unlock PIN'
 * after too many wrong delivery PINs), 'Cancel order'
 * until it is delivered; a cancelled order says by whom and why; its invoice once picked, and
 * the credit note a cancellation after it gave; its history opens below.
 */
export function OrderCard({
  order,
  onPrintSlip,
  onTakeBack,
  onCancel,
  agents = [],
  onAssign,
  onUnlockPin,
}: OrderCardProps) {
  const headingId = `order-${order._id}`;
  const { address, assignedTo } = order;
  const payment = paymentSummary(order);
  const timeZone = useShopTimeZone();

  return (
    <article className="seller-order" aria-labelledby={headingId}>
      <header className="seller-order__head">
        <h2 id={headingId} className="seller-order__title">
          Order #{orderNumber(order._id)}
        </h2>
        <time className="seller-order__date" dateTime={order.createdAt}>
          {shopTime(order.createdAt, timeZone)}
        </time>
        <span className="seller-status" data-status={order.status}>
          {order.status}
        </span>
        <PromiseMark order={order} />
        {order.invoice &&
          // Issued once it was picked: the printable page, beside the orders. The desktop app
          // opens no window of the shop's own pages (desktop/src/main/window.ts): there it is
          // printed from a frame, as the khata's statement is.
          (desktop ? (
            <Button
              type="button"
              look="seller"
              variant="secondary"
              size="small"
              onClick={() =>
                void printedBy(printInFrame(orderInvoiceUrl(order._id), 'Invoice')).catch(
                  reportFailure(),
                )
              }
            >
              Print invoice<span className="visually-hidden"> {order.invoice.number}</span>
            </Button>
          ) : (
            <a
              className={buttonClass({ look: 'seller', variant: 'secondary', size: 'small' })}
              href={orderInvoiceUrl(order._id)}
              target="_blank"
              rel="noopener"
            >
              Invoice<span className="visually-hidden"> {order.invoice.number}</span>
            </a>
          ))}
        {order.creditNote && (
          <span className="seller-order__credit-note">Credit note {order.creditNote.number}</span>
        )}
        {onPrintSlip && (
          <Button
            type="button"
            look="seller"
            variant="secondary"
            size="small"
            className="seller-order__print"
            onClick={() => onPrintSlip(order)}
          >
            Print packing slip
          </Button>
        )}
        {onCancel && canCancelOrder(order) && (
          <Button
            type="button"
            look="seller"
            size="small"
            variant="danger-outline"
            onClick={() => onCancel(order)}
          >
            Cancel order
          </Button>
        )}
      </header>

      {order.status === 'Cancelled' && (
        <p className="seller-order__cancelled">
          <strong>{cancelledByText(order.cancelledBy)}</strong>
          {order.cancelledAt && (
            <>
              {' '}
              <time dateTime={order.cancelledAt}>{shopTime(order.cancelledAt, timeZone)}</time>
            </>
          )}
          {/* A shopper cancels without giving a reason. */}
          {(order.cancelReason || order.cancelledBy !== 'user') && (
            <>
              {' · '}Reason: {cancelReasonText(order.cancelReason)}
            </>
          )}
        </p>
      )}

      <div className="seller-order__body">
        <section className="seller-order__part seller-order__items" aria-label="Items">
          <h3>Items</h3>
          <ul>
            {order.items.map(({ product, quantity }) => (
              <li key={product._id}>
                <span className="seller-order__item-name">{product.name}</span>{' '}
                <span className="seller-order__qty">
                  × {formatQuantity(quantity, product.unit)}
                </span>
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
              {order.pinLocked && !isFinished(order.status) && (
                <Alert status>
                  Delivery locked: 5 wrong PINs entered.{' '}
                  {onUnlockPin && (
                    <Button
                      type="button"
                      look="seller"
                      variant="secondary"
                      size="small"
                      onClick={() => onUnlockPin(order)}
                    >
                      Unlock PIN
                    </Button>
                  )}
                </Alert>
              )}
              {onTakeBack && canTakeBackOrder(order) && (
                <Button
                  type="button"
                  look="seller"
                  variant="secondary"
                  size="small"
                  onClick={() => onTakeBack(order)}
                >
                  Take back
                </Button>
              )}
            </>
          ) : (
            <>
              <p className="seller-muted">Unassigned</p>
              {onAssign && canAssignOrder(order) && agents.length > 0 && (
                <AssignAgent agents={agents} onAssign={(agentId) => onAssign(order, agentId)} />
              )}
            </>
          )}
        </section>
      </div>
      <OrderHistory order={order} />
    </article>
  );
}

/** Picks an agent of the team for an open order and hands it to them. */
function AssignAgent({
  agents,
  onAssign,
}: {
  agents: readonly Agent[];
  onAssign: (agentId: string) => void;
}) {
  const id = useId();
  const [chosen, setChosen] = useState('');
  return (
    <form
      className="seller-order__assign"
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen) onAssign(chosen);
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        Assign to
      </label>
      <select id={id} value={chosen} onChange={(event) => setChosen(event.target.value)}>
        <option value="">Choose an agent</option>
        {agents.map((agent) => (
          <option key={agent._id} value={agent._id}>
            {agent.name} · {agent.canSignIn ? agent.status : 'no phone paired yet'}
          </option>
        ))}
      </select>
      <Button type="submit" look="seller" variant="secondary" size="small" disabled={!chosen}>
        Assign
      </Button>
    </form>
  );
}
