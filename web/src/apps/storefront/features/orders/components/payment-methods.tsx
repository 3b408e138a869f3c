import { formatAmount, ORDER_CURRENCY } from '@kirana/shared';
import type { PaymentMethod } from '../checkout/place-order';
import './payment-methods.css';

/** The shopper's khata as checkout offers it: what they owe, their limit, what is left of it. */
export interface PayLater {
  balance: number;
  creditLimit: number;
  left: number;
}

interface PaymentMethodsProps {
  chosen: PaymentMethod;
  onChoose: (method: PaymentMethod) => void;
  /** The shopper's khata when it gives them credit: "Pay later (khata)" is offered. */
  payLater: PayLater | null;
}

const rupees = (amount: number) => formatAmount(amount, ORDER_CURRENCY);

/** How the order is paid: cash on delivery, online, or later on the shopper's khata. */
export function PaymentMethods({ chosen, onChoose, payLater }: PaymentMethodsProps) {
  const option = (method: PaymentMethod, label: string, note?: string) => (
    <label className="payment-option">
      <input
        type="radio"
        name="payment-method"
        value={method}
        checked={chosen === method}
        onChange={() => onChoose(method)}
        aria-describedby={note ? `payment-note-${method}` : undefined}
      />
      <span>
        {label}
        {note && (
          <span id={`payment-note-${method}`} className="payment-option__note">
            {note}
          </span>
        )}
      </span>
    </label>
  );
  return (
    <fieldset className="payment-methods">
      <legend>Payment Method</legend>
      {option('COD', 'Cash On Delivery')}
      {option('Online', 'Online Payment')}
      {payLater &&
        option(
          'Khata',
          'Pay later (khata)',
          `You owe ${rupees(payLater.balance)} · ${rupees(payLater.left)} of your ${rupees(payLater.creditLimit)} limit left`,
        )}
    </fieldset>
  );
}
