import { DELIVERY_PIN_LENGTH } from '@kirana/shared';
import { t } from '@lingui/core/macro';
import { useId, useState, type FormEvent } from 'react';
import { Dialog, DialogActions } from '../../../../../common/ui/dialog';
import { markStatusText } from '../order-texts';
import { PendingButton } from '../../../ui/pending-button';
import { Button } from '../../../../../common/ui/button';
import './pin-pad-dialog.css';

interface PinPadDialogProps {
  open: boolean;
  /** The order's short number, as its card shows it. */
  number: string;
  /** The PIN is being checked: the keys and the button wait. */
  busy: boolean;
  /** Why the last PIN was not taken (e.g. 'Wrong PIN: 3 tries left'), or null. */
  error: string | null;
  onSubmit: (pin: string) => void;
  onClose: () => void;
}

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

/** The digits of `text`, at most a PIN's worth. */
const pinDigits = (text: string) => text.replace(/\D/g, '').slice(0, DELIVERY_PIN_LENGTH);

/**
 * The Delivered step of an order with a delivery PIN: the agent asks the customer for the 4
 * digits in their My Orders and enters them on a large keypad (or the phone's own keyboard).
 * A wrong PIN empties the boxes and says how many tries are left.
 */
export function PinPadDialog({ open, number, busy, error, onSubmit, onClose }: PinPadDialogProps) {
  const titleId = useId();
  const hintId = useId();
  const errorId = useId();
  // Each try starts from empty boxes: the page gives each its own key.
  const [pin, setPin] = useState('');

  const complete = pin.length === DELIVERY_PIN_LENGTH;
  const type = (digit: string) => setPin((current) => pinDigits(current + digit));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (complete && !busy) onSubmit(pin);
  };

  return (
    <Dialog open={open} onClose={onClose} labelledBy={titleId} narrow>
      <form onSubmit={submit} noValidate>
        <h2 id={titleId} className="agent-pin__title">
          {t`Delivery PIN for order #${number}`}
        </h2>
        <p id={hintId} className="agent-pin__hint">
          {t`Ask the customer for the 4-digit PIN in their My Orders.`}
        </p>
        <input
          className="agent-pin__digits"
          aria-label={t`Delivery PIN`}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          aria-invalid={error !== null}
          value={pin}
          onChange={(event) => setPin(pinDigits(event.target.value))}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{4}"
          maxLength={DELIVERY_PIN_LENGTH}
          readOnly={busy}
        />
        <p id={errorId} className="agent-pin__error" role="alert">
          {error}
        </p>
        <div className="agent-pin__keys">
          {KEYS.map((key) => (
            <button
              key={key}
              type="button"
              className="agent-pin__key"
              disabled={busy || complete}
              onClick={() => type(key)}
            >
              {key}
            </button>
          ))}
          <button
            type="button"
            className="agent-pin__key agent-pin__key--small"
            disabled={busy || pin.length === 0}
            onClick={() => setPin('')}
          >
            {t`Clear`}
          </button>
          <button
            type="button"
            className="agent-pin__key"
            disabled={busy || complete}
            onClick={() => type('0')}
          >
            0
          </button>
          <button
            type="button"
            className="agent-pin__key agent-pin__key--small"
            aria-label={t`Delete the last digit`}
            disabled={busy || pin.length === 0}
            onClick={() => setPin((current) => current.slice(0, -1))}
          >
            ⌫
          </button>
        </div>
        <DialogActions stacked>
          <PendingButton
            type="submit"
            pending={busy}
            disabled={!complete}
            pendingLabel={t`Checking the PIN…`}
          >
            {markStatusText('Delivered')}
          </PendingButton>
          <Button type="button" look="agent" variant="secondary" onClick={onClose}>
            {t`Back`}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
