import type { ShopperOrder } from '@kirana/shared';
import './delivery-eta.css';

const TIME = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit' });

/**
 * Who is bringing an order on its way and when it should arrive ("Meena is bringing your
 * order · Call", "Arrives by 12:40 pm"); once delivered, when.
 */
export function DeliveryEta({ order }: { order: ShopperOrder }) {
  if (order.deliveredAt)
    return (
      <p className="delivery-eta">
        Delivered at{' '}
        <time dateTime={order.deliveredAt}>{TIME.format(new Date(order.deliveredAt))}</time>
      </p>
    );
  return (
    <div className="delivery-eta">
      {order.agent && (
        <p>
          <span className="delivery-eta__agent">{order.agent.name}</span> is bringing your order ·{' '}
          <a href={`tel:${order.agent.phone}`}>Call {order.agent.name}</a>
        </p>
      )}
      {order.promisedAt && (
        <p className="delivery-eta__by">
          Arrives by{' '}
          <time dateTime={order.promisedAt}>{TIME.format(new Date(order.promisedAt))}</time>
        </p>
      )}
    </div>
  );
}
