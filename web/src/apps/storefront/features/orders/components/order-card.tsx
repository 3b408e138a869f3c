import {
  canCancel,
  formatAmount,
  formatQuantity,
  lineAmount,
  imageSrcSet,
  type ShopperOrder as Order,
  ORDER_CURRENCY,
  orderNumber,
  shopTime,
  toPaise,
  toRupees,
  pricePerUnitText,
} from '@kirana/shared';
import { refundText } from '../../../../../common/payments/refund-text';
import { useShopTimeZone } from '../../../../../common/shop-settings/use-shop';
import { orderInvoiceUrl } from '../api/get-order-invoice';
import { orderStage, stageBadge } from '../order-stage';
import { AwaitingPayment } from './awaiting-payment';
import { CancelOrder } from './cancel-order';
import { DeliveryEta } from './delivery-eta';
import { DeliveryPin } from './delivery-pin';
import { OrderCancelled } from './order-cancelled';
import { OrderProgress } from './order-progress';
import './order-card.css';

interface OrderCardProps {
  order: Order;
  /** The time (ms since the epoch), against which the time to pay is read. */
  now: number;
  /** This order's 'Pay now' is running. */
  paying?: boolean;
  /** Another order's 'Pay now' is running: this one waits. */
  payDisabled?: boolean;
  onPayNow: (order: Order) => void;
  /** Why the last try to pay this order did not go through, this visit; null when none. */
  lastPaymentFailure?: string | null;
  /** Its payment just ended without paying: 'Pay now' is brought into view and focused. */
  backToPayNow?: boolean;
  onBackToPayNow?: () => void;
  /** This order's cancelling is on its way. */
  cancelling?: boolean;
  /** Cancels the order (already confirmed); offered while the order rules allow it. */
  onCancel?: (order: Order) => void;
}

/** Whether the shopper may still cancel `order`, by the shared order rules. */
const shopperMayCancel = (order: Order) =>
  canCancel({ ...order, assignedTo: null }, { role: 'user', id: order.userId }).ok;

/**
 * One of the shopper's orders: its items, amount in ₹, payment, date, status and progress, its
 * invoice once picked (and its credit note once cancelled after that); an online order awaiting
 * its payment offers 'Pay now' instead of the progress, a cancelled one says why, one on its way
 * shows its delivery PIN, and one not yet picked offers 'Cancel order'.
 */
export function OrderCard({
  order,
  now,
  paying = false,
  payDisabled = false,
  onPayNow,
  lastPaymentFailure = null,
  backToPayNow = false,
  onBackToPayNow,
  cancelling = false,
  onCancel,
}: OrderCardProps) {
  const headingId = `order-${order._id}`;
  const number = orderNumber(order._id);
  const stage = orderStage(order, now);
  const badge = stageBadge(order, stage);
  const timeZone = useShopTimeZone();
  return (
    <article className="order-card" aria-labelledby={headingId}>
      <header className="order-card__head">
        <h2 id={headingId} className="order-card__id">
          Order <span className="order-card__number">#{number}</span>
        </h2>
        <span className={`badge badge--${badge.toLowerCase().replace(/\s+/g, '-')}`}>{badge}</span>
      </header>
      <dl className="order-card__facts">
        <div>
          <dt>Total</dt>
          <dd>{formatAmount(order.amount, ORDER_CURRENCY)}</dd>
        </div>
        {order.deliveryFee > 0 && (
          <div>
            <dt>Delivery</dt>
            <dd>{formatAmount(order.deliveryFee, ORDER_CURRENCY)}</dd>
          </div>
        )}
        <div>
          <dt>Payment</dt>
          <dd>{paymentText(order)}</dd>
        </div>
        <div>
          <dt>Ordered on</dt>
          <dd>
            <time dateTime={order.createdAt}>{shopTime(order.createdAt, timeZone)}</time>
          </dd>
        </div>
        {order.refund && (
          <div>
            <dt>Refund</dt>
            <dd>{refundText(order.refund)}</dd>
          </div>
        )}
      </dl>
      {(order.invoice || order.creditNote) && (
        <p className="order-card__documents">
          {order.invoice && (
            <a href={orderInvoiceUrl(order._id)} target="_blank" rel="noopener">
              {`Invoice ${order.invoice.number}`}
            </a>
          )}
          {order.creditNote && <span>{`Credit note ${order.creditNote.number}`}</span>}
        </p>
      )}
      {stage.kind === 'awaiting-payment' ? (
        <AwaitingPayment
          payBy={stage.payBy}
          canPay={stage.canPay}
          now={now}
          paying={paying}
          disabled={payDisabled}
          onPayNow={() => onPayNow(order)}
          orderLabel={`order #${number}`}
          lastFailure={lastPaymentFailure}
          bringBack={backToPayNow}
          onBroughtBack={onBackToPayNow}
        />
      ) : stage.kind === 'cancelled' ? (
        <OrderCancelled by={stage.by} reason={stage.reason} at={stage.at} />
      ) : (
        <>
          <OrderProgress status={order.status} />
          <DeliveryEta order={order} now={now} />
          {order.deliveryPin && <DeliveryPin pin={order.deliveryPin} locked={order.pinLocked} />}
        </>
      )}
      {onCancel && shopperMayCancel(order) && (
        <CancelOrder
          paid={order.paidVia === 'online'}
          busy={cancelling}
          onConfirm={() => onCancel(order)}
          orderLabel={`order #${number}`}
        />
      )}
      <ul className="order-items" role="list">
        {order.items.map(({ product, quantity }) => {
          const image = product.image[0];
          return (
            <li key={product._id} className="order-item">
              <div className="order-item__media">
                {image && (
                  <img
                    src={image}
                    srcSet={imageSrcSet(image)}
                    sizes="64px"
                    width="64"
                    height="64"
                    alt=""
                    loading="lazy"
                    decoding="async"
                  />
                )}
              </div>
              <div className="order-item__info">
                <h3>{product.name}</h3>
                <p className="muted">
                  {product.category} · Quantity: {formatQuantity(quantity, product.unit)} ·{' '}
                  <span className="unit-price">
                    {pricePerUnitText(toPaise(product.offerPrice), product.unit, ORDER_CURRENCY)}
                  </span>
                </p>
              </div>
              <p className="order-item__amount">
                <span className="visually-hidden">Amount: </span>
                {formatAmount(
                  toRupees(lineAmount(toPaise(product.offerPrice), quantity, product.unit)),
                  ORDER_CURRENCY,
                )}
              </p>
            </li>
          );
        })}
      </ul>
    </article>
  );
}

/** How an order is paid, as its card says it: a khata order is paid later, on the khata. */
export function paymentText(order: Pick<Order, 'paymentType' | 'isPaid' | 'status'>): string {
  // A string: the contract's payment types gain 'Khata' with the khata orders (issue 43).
  const type: string = order.paymentType;
  if (type === 'Khata') return 'Pay later (khata)';
  const state = order.isPaid ? 'Paid' : order.status === 'Cancelled' ? 'Not paid' : 'Pending';
  return `${type} · ${state}`;
}
