import {
  TAX_PERCENT,
  toRupees,
  upiPaymentUri,
  type CartTotals,
  type CounterPayment,
} from '@kirana/shared';
import { useId, type Ref } from 'react';
import { QrCode } from '../../../ui/qr-code';
import { cashFor } from '../bill';
import { paiseText, RUPEES_BOX } from '../money';
import { Button } from '../../../../../common/ui/button';
import { Panel } from '../../../ui/seller-page';
import { Field } from '../../../../../common/ui/field';

interface PaymentPanelProps {
  totals: CartTotals;
  payment: CounterPayment;
  onPayment: (payment: CounterPayment) => void;
  tendered: string;
  onTendered: (typed: string) => void;
  /** The shop's UPI id and name (Shop screen); none: UPI cannot be taken. */
  upi: { upiId: string; upiName: string };
  /** The sale is being recorded. */
  busy: boolean;
  /** The bill can be sold as it stands (bill.ts readyToSell). */
  ready: boolean;
  onSell: () => void;
  tenderedRef?: Ref<HTMLInputElement>;
}

/**
 * The bill's totals and how it is paid: cash (tendered, and the change to give) or UPI (a QR
 * code for the exact amount that any UPI app pays; the seller confirms the money arrived).
 */
export function PaymentPanel({
  totals,
  payment,
  onPayment,
  tendered,
  onTendered,
  upi,
  busy,
  ready,
  onSell,
  tenderedRef,
}: PaymentPanelProps) {
  const id = useId();
  const cash = cashFor(totals.total, tendered);
  const cashProblem =
    'short' in cash
      ? `${paiseText(cash.short)} short of the bill`
      : 'invalid' in cash
        ? 'Type the cash tendered in rupees, e.g. 500 or 499.50'
        : null;
  const upiReady = upi.upiId !== '';
  return (
    <Panel title="Payment" className="counter-pay">
      <dl className="counter-pay__totals">
        <div>
          <dt>Subtotal</dt>
          <dd>{paiseText(totals.subtotal)}</dd>
        </div>
        <div>
          <dt>Tax ({TAX_PERCENT}%)</dt>
          <dd>{paiseText(totals.tax)}</dd>
        </div>
        <div className="counter-pay__total">
          <dt>Total</dt>
          <dd aria-live="polite">{paiseText(totals.total)}</dd>
        </div>
      </dl>
      <fieldset className="counter-pay__methods">
        <legend>Paid by</legend>
        <label>
          <input
            type="radio"
            name={`${id}-payment`}
            checked={payment === 'cash'}
            onChange={() => onPayment('cash')}
          />
          Cash <kbd>F4</kbd>
        </label>
        <label>
          <input
            type="radio"
            name={`${id}-payment`}
            checked={payment === 'upi'}
            onChange={() => onPayment('upi')}
          />
          UPI <kbd>F8</kbd>
        </label>
      </fieldset>
      {payment === 'cash' ? (
        <Field id={`${id}-tendered`} label="Cash tendered (₹)">
          {(control) => (
            <>
              <input
                {...control}
                ref={tenderedRef}
                {...RUPEES_BOX}
                placeholder={toRupees(totals.total).toFixed(2)}
                value={tendered}
                aria-invalid={cashProblem !== null && tendered !== ''}
                aria-describedby={`${id}-change`}
                onChange={(event) => onTendered(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' && ready && !busy) {
                    event.preventDefault();
                    onSell();
                  }
                }}
              />
              <p id={`${id}-change`} className="counter-pay__change" aria-live="polite">
                {cashProblem ??
                  ('change' in cash ? `Change to give: ${paiseText(cash.change)}` : '')}
              </p>
            </>
          )}
        </Field>
      ) : upiReady ? (
        <div className="counter-pay__upi">
          {totals.total > 0 && (
            <QrCode
              text={upiPaymentUri(upi, totals.total, 'Kirana counter')}
              label={`UPI QR code: pay ${paiseText(totals.total)} to ${upi.upiName || upi.upiId}`}
              size={208}
            />
          )}
          <p className="counter-hint">
            Pay {paiseText(totals.total)} to <strong>{upi.upiId}</strong>. Confirm when the money
            shows in the shop’s UPI app.
          </p>
        </div>
      ) : (
        <p className="counter-pay__problem" role="status">
          The shop has no UPI id yet: add it on the Shop screen to take UPI here.
        </p>
      )}
      <Button
        type="button"
        look="seller"
        block
        className="counter-pay__sell"
        disabled={!ready}
        aria-busy={busy}
        onClick={() => {
          if (!busy) onSell();
        }}
      >
        {busy ? 'Recording…' : payment === 'cash' ? 'Complete sale' : 'Payment received'}{' '}
        <kbd>F9</kbd>
      </Button>
    </Panel>
  );
}
