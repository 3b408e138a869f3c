import { DEFAULT_TIME_ZONE, shopClockTime, shopTimeLabel, type ShopperOrder } from '@kirana/shared';
import { useShop } from '../../../../../common/shop-settings/use-shop';
import './delivery-eta.css';

/**
 * Who is bringing an order on its way and when it should arrive ("Meena is bringing your
 * order · Call", "Arrives by 12:40 pm"); once delivered, when. Times on the shop's clock, as its
 * notifications say them, whatever this browser's time zone.
 */
export function DeliveryEta({ order, now }: { order: ShopperOrder; now: number }) {
  const timeZone = useShop()?.timeZone ?? DEFAULT_TIME_ZONE;
  if (order.deliveredAt)
    return (
      <p className="delivery-eta">
        Delivered at{' '}
        <time dateTime={order.deliveredAt}>
          {shopClockTime(new Date(order.deliveredAt), timeZone)}
        </time>
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
          <time dateTime={order.promisedAt}>
            {shopTimeLabel(new Date(order.promisedAt), timeZone, new Date(now))}
          </time>
        </p>
      )}
    </div>
  );
}
