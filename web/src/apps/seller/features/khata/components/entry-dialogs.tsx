import {
  formatAmount,
  ORDER_CURRENCY,
  toPaise,
  upiPaymentUri,
  type KhataAdjustmentBody,
  type KhataCustomer,
  type KhataPaymentBody,
} from '@kirana/shared';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../../../common/ui/button';
import { Dialog, DialogActions, DialogTitle } from '../../../../../common/ui/dialog';
import { Field } from '../../../../../common/ui/field';
import { QrCode } from '../../../ui/qr-code';
import { typedRupees } from '../customer-form';
import './entry-dialogs.css';

const rupees = (amount: number) => formatAmount(amount, ORDER_CURRENCY);
const newKey = () => crypto.randomUUID();

interface EntryDialogProps<TBody> {
  customer: KhataCustomer;
  open: boolean;
  onClose: () => void;
  /**
   * Records the entry under `key` (one per opening of the dialog: a retry writes it once);
   * resolves whether it was written (a failure is reported by the mutation).
   */
  onRecord: (body: TBody, key: string) => Promise<boolean>;
  busy: boolean;
}

/**
 * Money received from the customer: the amount (what they owe, to start with) and how: cash (into
 * the till's expected cash of the day) or UPI, with a QR code for that amount to the shop's UPI id.
 */
export function ReceivePaymentDialog({
  customer,
  open,
  onClose,
  onRecord,
  busy,
  upi,
}: EntryDialogProps<KhataPaymentBody> & { upi: { upiId: string; upiName: string } | null }) {
  const titleId = useId();
  const amountId = useId();
  const [amount, setAmount] = useState(customer.balance > 0 ? customer.balance.toFixed(2) : '');
  const [method, setMethod] = useState<'cash' | 'upi'>('cash');
  const [key] = useState(newKey);
  const [problem, setProblem] = useState<string>();
  const value = typedRupees(amount);
  const valid = Number.isFinite(value) && value > 0;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!valid) {
      setProblem('Type the amount received in rupees, e.g. 500 or 499.50');
      return;
    }
    if (await onRecord({ amount: value, method }, key)) onClose();
  }

  return (
    <Dialog open={open} onClose={onClose} labelledBy={titleId}>
      <form className="khata-entry-form" onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={titleId}>Receive payment from {customer.name}</DialogTitle>
        <p className="seller-muted">Owes {rupees(customer.balance)} now.</p>
        <Field id={amountId} label="Amount received (₹)" problem={problem}>
          {(control) => (
            <input
              {...control}
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onChange={(event) => {
                setAmount(event.target.value);
                setProblem(undefined);
              }}
            />
          )}
        </Field>
        <fieldset className="seller-fieldset khata-entry-form__methods">
          <legend>Paid by</legend>
          <label>
            <input
              type="radio"
              name={`${titleId}-method`}
              checked={method === 'cash'}
              onChange={() => setMethod('cash')}
            />
            Cash
          </label>
          <label>
            <input
              type="radio"
              name={`${titleId}-method`}
              checked={method === 'upi'}
              onChange={() => setMethod('upi')}
            />
            UPI
          </label>
        </fieldset>
        {method === 'upi' && (
          <div className="khata-entry-form__upi" role="status">
            <p className="khata-entry-form__upi-amount">
              Ask for {valid ? rupees(value) : '…'} by UPI
            </p>
            {upi && valid ? (
              <>
                <QrCode
                  text={upiPaymentUri(upi, toPaise(value), `Khata ${customer.name}`)}
                  label={`UPI QR code: pay ${rupees(value)} to ${upi.upiName || upi.upiId}`}
                  size={176}
                />
                <p className="seller-muted">
                  To <strong>{upi.upiId}</strong>. Record it when the money shows in the shop’s UPI
                  app.
                </p>
              </>
            ) : (
              !upi && <p className="seller-muted">The shop has no UPI id yet (Shop screen).</p>
            )}
          </div>
        )}
        <DialogActions>
          <Button type="button" look="seller" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" look="seller" disabled={busy}>
            {busy ? 'Recording…' : 'Record payment'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** An adjustment: rupees to add to what the customer owes (a minus takes off), and why. */
export function AdjustDialog({
  customer,
  open,
  onClose,
  onRecord,
  busy,
}: EntryDialogProps<KhataAdjustmentBody>) {
  const titleId = useId();
  const amountId = useId();
  const reasonId = useId();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<{ amount?: string; reason?: string }>({});
  const [key] = useState(newKey);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const value = typedRupees(amount.replace('−', '-'));
    const found = {
      amount:
        Number.isFinite(value) && value !== 0
          ? undefined
          : 'Type rupees to add, or to take off with a minus: 200 or -200',
      reason: reason.trim() ? undefined : 'Say what the adjustment puts right',
    };
    setProblems(found);
    if (found.amount || found.reason) return;
    if (await onRecord({ amount: value, reason: reason.trim() }, key)) onClose();
  }

  return (
    <Dialog open={open} onClose={onClose} labelledBy={titleId}>
      <form className="khata-entry-form" onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={titleId}>Adjust the khata of {customer.name}</DialogTitle>
        <p className="seller-muted">
          Owes {rupees(customer.balance)} now. The adjustment is a new entry: nothing earlier
          changes.
        </p>
        <Field
          id={amountId}
          label="Amount to add, or take off with a minus (₹)"
          problem={problems.amount}
        >
          {(control) => (
            <input
              {...control}
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
            />
          )}
        </Field>
        <Field id={reasonId} label="Reason" problem={problems.reason}>
          {(control) => (
            <input
              {...control}
              autoComplete="off"
              maxLength={200}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          )}
        </Field>
        <DialogActions>
          <Button type="button" look="seller" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" look="seller" disabled={busy}>
            {busy ? 'Recording…' : 'Record adjustment'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
