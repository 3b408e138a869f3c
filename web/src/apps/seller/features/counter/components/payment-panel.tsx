import {
  TAX_PERCENT,
  toRupees,
  upiPaymentUri,
  type CartTotals,
  type CounterPayment,
  type TaxMode,
} from '@kirana/shared';
import { useId, type ReactNode, type Ref } from 'react';
import { QrCode } from '../../../ui/qr-code';
import { cashFor, type khataSplitFor, type KhataSplit } from '../bill';
import { paiseText, RUPEES_BOX } from '../money';
import { Button } from '../../../../../common/ui/button';
import { Panel } from '../../../ui/seller-page';
import { Field } from '../../../../../common/ui/field';

interface PaymentPanelProps {
  totals: CartTotals;
  /** The shop's mode: only the spec's adds a tax line; in the others shelf prices are final. */
  tax: TaxMode;
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
  /** On the khata: the customer picker, the part paid now and what goes on the khata. */
  khata: KhataPayment;
}

interface KhataPayment {
  /** Picks the customer and shows their balance and limit (the khata feature's, put here by the screen). */
  picker: ReactNode;
  split: KhataSplit;
  /** The part paid now and the rest on the khata, or why it cannot be. */
  parts: ReturnType<typeof khataSplitFor>;
  onSplit: (paid: string) => void;
  onSplitBy: (by: KhataSplit['by']) => void;
  /** Why the khata refused the last try (past the limit), or null. */
  refused: string | null;
}

const SELL_LABEL: Record<CounterPayment, string> = {
  cash: 'Complete sale',
  upi: 'Payment received',
  khata: 'Put on the khata',
};

/**
 * A bill on a customer's khata: the customer, and an optional part paid now in cash or by UPI (a
 * QR code for that part); the rest goes on the khata.
 */
function KhataPart({
  khata,
  upi,
}: {
  khata: KhataPayment;
  upi: { upiId: string; upiName: string };
}) {
  const id = useId();
  const { split, parts } = khata;
  return (
    <div className="counter-pay__khata">
      {khata.picker}
      <Field
        id={`${id}-paid`}
        label="Paid now (₹)"
        optional
        problem={'problem' in parts ? parts.problem : undefined}
      >
        {(control) => (
          <input
            {...control}
            {...RUPEES_BOX}
            placeholder="0"
            value={split.paid}
            onChange={(event) => khata.onSplit(event.target.value)}
          />
        )}
      </Field>
      <fieldset className="counter-pay__methods">
        <legend className="visually-hidden">Paid now by</legend>
        <label>
          <input
            type="radio"
            name={`${id}-by`}
            checked={split.by === 'cash'}
            onChange={() => khata.onSplitBy('cash')}
          />
          in cash
        </label>
        <label>
          <input
            type="radio"
            name={`${id}-by`}
            checked={split.by === 'upi'}
            onChange={() => khata.onSplitBy('upi')}
          />
          by UPI
        </label>
      </fieldset>
      {'onKhata' in parts && (
        <p className="counter-pay__change" aria-live="polite">
          On the khata: <strong>{paiseText(parts.onKhata)}</strong>
          {parts.paidNow > 0 &&
            ` · ${paiseText(parts.paidNow)} ${split.by === 'cash' ? 'in cash' : 'by UPI'} now`}
        </p>
      )}
      {'paidNow' in parts && parts.paidNow > 0 && split.by === 'upi' && upi.upiId !== '' && (
        <QrCode
          text={upiPaymentUri(upi, parts.paidNow, 'Kirana counter')}
          label={`UPI QR code: pay ${paiseText(parts.paidNow)} to ${upi.upiName || upi.upiId}`}
          size={160}
        />
      )}
      {khata.refused && (
        <p className="counter-pay__problem" role="alert">
          {khata.refused}
        </p>
      )}
    </div>
  );
}

/**
 * The bill's totals and how it is paid: cash (tendered, and the change to give), UPI (a QR
 * code for the exact amount that any UPI app pays; the seller confirms the money arrived), or
 * on a customer's khata, part of it paid now or none.
 */
export function PaymentPanel({
  totals,
  tax,
  payment,
  onPayment,
  tendered,
  onTendered,
  upi,
  busy,
  ready,
  onSell,
  tenderedRef,
  khata,
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
        {tax === 'spec' && (
          <div>
            <dt>Tax ({TAX_PERCENT}%)</dt>
            <dd>{paiseText(totals.tax)}</dd>
          </div>
        )}
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
        <label>
          <input
            type="radio"
            name={`${id}-payment`}
            checked={payment === 'khata'}
            onChange={() => onPayment('khata')}
          />
          Khata
        </label>
      </fieldset>
      {payment === 'khata' ? (
        <KhataPart khata={khata} upi={upi} />
      ) : payment === 'cash' ? (
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
        {busy ? 'Recording…' : SELL_LABEL[payment]} <kbd>F9</kbd>
      </Button>
    </Panel>
  );
}
