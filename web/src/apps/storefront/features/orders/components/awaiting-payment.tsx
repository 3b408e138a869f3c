import { useEffect, useRef } from 'react';
import { formatOrderTime } from '../../../../../lib/format';
import { useShopTimeZone } from '../../../../../common/shop-settings/use-shop';
import { Button } from '../../../../../common/ui/button';
import './order-stage.css';

interface AwaitingPaymentProps {
  /** Until when the payment is taken, or null when not known. */
  payBy: string | null;
  /** Whether the time to pay has not run out. */
  canPay: boolean;
  now: number;
  /** This order's payment is being opened or is open. */
  paying: boolean;
  /** Another order's payment is running. */
  disabled: boolean;
  onPayNow: () => void;
  /** Names the order for screen readers, e.g. 'order #1A2B3C4D'. */
  orderLabel: string;
  /** Why the last try to pay did not go through (this visit), or null. */
  lastFailure: string | null;
  /**
   * A payment has just ended without paying: 'Pay now' takes the focus in the middle of the
   * screen (clear of the toast at its foot), then `onBroughtBack` is called.
   */
  bringBack?: boolean;
  onBroughtBack?: () => void;
}

/** An online order placed but not paid: until when it can be paid, and 'Pay now'. */
export function AwaitingPayment({
  payBy,
  canPay,
  now,
  paying,
  disabled,
  onPayNow,
  orderLabel,
  lastFailure,
  bringBack = false,
  onBroughtBack,
}: AwaitingPaymentProps) {
  const timeZone = useShopTimeZone();
  const payNow = useRef<HTMLButtonElement>(null);
  const usable = canPay && !paying && !disabled;
  // Once usable: the payment that ended may still be letting go of the button.
  useEffect(() => {
    if (!bringBack || !usable) return;
    payNow.current?.focus({ preventScroll: true });
    payNow.current?.scrollIntoView({ block: 'center' });
    onBroughtBack?.();
  }, [bringBack, usable, onBroughtBack]);
  return (
    <div className="order-stage order-stage--awaiting">
      <div className="order-stage__text">
        <p className="order-stage__title">Awaiting payment</p>
        {lastFailure && canPay && (
          <p className="order-stage__failure">
            Your payment did not go through: {lastFailure}. Try again with Pay now.
          </p>
        )}
        {!canPay ? (
          <p>The time to pay has run out. This order will be cancelled.</p>
        ) : payBy ? (
          <p>
            Pay by <time dateTime={payBy}>{formatOrderTime(payBy, timeZone, new Date(now))}</time>{' '}
            to confirm this order, or it will be cancelled.
          </p>
        ) : (
          <p>Pay now to confirm this order.</p>
        )}
      </div>
      {canPay && (
        <Button
          type="button"
          ref={payNow}
          className="order-stage__action"
          onClick={onPayNow}
          disabled={paying || disabled}
          aria-busy={paying}
        >
          {paying ? 'Opening payment…' : 'Pay now'}
          <span className="visually-hidden"> for {orderLabel}</span>
        </Button>
      )}
    </div>
  );
}
