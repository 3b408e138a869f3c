import {
  ORDER_CURRENCY,
  formatAmount,
  imageSrcSet,
  shopperBadge,
  toPaise,
  toRupees,
  type Order,
} from '@kirana/shared';
import { OrderProgress } from './order-progress';

const DATE_FORMAT = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** One of the shopper's orders: its items, amount in ₹, payment, date, status and progress. */
export function OrderCard({ order }: { order: Order }) {
  const headingId = `order-${order._id}`;
  const badge = shopperBadge(order.status);
  return (
    <article className="order-card" aria-labelledby={headingId}>
      <header className="order-card__head">
        <h2 id={headingId} className="order-card__id">
          Order <span className="order-card__number">#{order._id.slice(-8).toUpperCase()}</span>
        </h2>
        <span className={`badge badge--${badge.toLowerCase()}`}>{badge}</span>
      </header>
      <dl className="order-card__facts">
        <div>
          <dt>Total</dt>
          <dd>{formatAmount(order.amount, ORDER_CURRENCY)}</dd>
        </div>
        <div>
          <dt>Payment</dt>
          <dd>
            {order.paymentType} · {order.isPaid ? 'Paid' : 'Pending'}
          </dd>
        </div>
        <div>
          <dt>Ordered on</dt>
          <dd>
            <time dateTime={order.createdAt}>{DATE_FORMAT.format(new Date(order.createdAt))}</time>
          </dd>
        </div>
      </dl>
      <OrderProgress status={order.status} />
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
                  {product.category} · Quantity: {quantity}
                </p>
              </div>
              <p className="order-item__amount">
                <span className="visually-hidden">Amount: </span>
                {formatAmount(toRupees(toPaise(product.offerPrice) * quantity), ORDER_CURRENCY)}
              </p>
            </li>
          );
        })}
      </ul>
    </article>
  );
}
