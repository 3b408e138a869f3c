import { useState } from 'react';
import { Button } from '../../../../../common/ui/button';
import './cancel-order.css';

interface CancelOrderProps {
  /** Paid online: cancelling refunds it. */
  paid: boolean;
  /** This order's cancelling is on its way. */
  busy: boolean;
  onConfirm: () => void;
  /** Names the order for screen readers, e.g. 'order #1A2B3C4D'. */
  orderLabel: string;
}

/**
 * 'Cancel order' under an order the shopper may still cancel, asking once more in place before
 * it does: 'Keep order' is first and takes the focus, so a second tap never cancels by accident.
 */
export function CancelOrder({ paid, busy, onConfirm, orderLabel }: CancelOrderProps) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <div className="order-cancel">
        <Button type="button" variant="ghost" onClick={() => setAsking(true)}>
          Cancel order<span className="visually-hidden"> {orderLabel}</span>
        </Button>
      </div>
    );
  }
  return (
    <div
      className="order-cancel order-cancel--asking"
      role="group"
      aria-label={`Cancel ${orderLabel}?`}
    >
      <p>Cancel this order?{paid ? ' The payment will be refunded.' : ''} This cannot be undone.</p>
      <Button
        type="button"
        variant="secondary"
        onClick={() => setAsking(false)}
        // The question just took the place of the button that asked it: the focus goes with it.
        autoFocus
        disabled={busy}
      >
        Keep order
      </Button>
      <Button type="button" variant="danger" onClick={onConfirm} disabled={busy} aria-busy={busy}>
        {busy ? 'Cancelling…' : 'Yes, cancel'}
      </Button>
    </div>
  );
}
