import './delivery-pin.css';
interface DeliveryPinProps {
  pin: string;
  /** The agent entered too many wrong PINs: the shop must unlock the delivery. */
  locked: boolean;
}

/** The order's delivery PIN, which the shopper tells the agent at the door and nobody else. */
export function DeliveryPin({ pin, locked }: DeliveryPinProps) {
  return (
    <div className="order-pin">
      <p className="order-pin__line">
        Delivery PIN <strong className="order-pin__digits">{pin}</strong>
      </p>
      <p className="order-pin__note">
        {locked
          ? 'Too many wrong PINs were entered for this delivery: the shop will check and unlock it.'
          : 'Tell it to the delivery agent when your order reaches you, and to nobody before.'}
      </p>
    </div>
  );
}
