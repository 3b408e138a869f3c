import type { CounterDay } from '@kirana/shared';
import { useId, useState, type FormEvent } from 'react';
import { Dialog, DialogActions, DialogTitle } from '../../../../../common/ui/dialog';
import { TillFigures } from './till-figures';
import { Button } from '../../../../../common/ui/button';
import { RUPEES_BOX } from '../money';
import { Field } from '../../../../../common/ui/field';

interface CloseDayDialogProps {
  open: boolean;
  /** The open day as it stands (none once it is closed). */
  day: CounterDay | null;
  /** The day once closed: its figures are shown. */
  closed: CounterDay | null;
  busy: boolean;
  onCloseDay: (countedCash: number, note: string) => void;
  onDismiss: () => void;
}

/**
 * Closing the day: the cash counted in the drawer against what it should hold (the float, cash
 * sales, less cash given back, plus the agents' handovers); the difference is recorded with a note.
 */
export function CloseDayDialog({
  open,
  day,
  closed,
  busy,
  onCloseDay,
  onDismiss,
}: CloseDayDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onDismiss} labelledBy={titleId} className="counter-close">
      <DialogTitle id={titleId}>{closed ? 'Day closed' : 'Close the day'}</DialogTitle>
      {closed || !day ? (
        <>
          {closed && <TillFigures day={closed} />}
          <Button type="button" look="seller" onClick={onDismiss} autoFocus>
            Done
          </Button>
        </>
      ) : (
        // Each day its own count: a form of its own.
        <CloseDayForm
          key={day._id}
          day={day}
          busy={busy}
          onCloseDay={onCloseDay}
          onDismiss={onDismiss}
        />
      )}
    </Dialog>
  );
}

function CloseDayForm({
  day,
  busy,
  onCloseDay,
  onDismiss,
}: Pick<CloseDayDialogProps, 'busy' | 'onCloseDay' | 'onDismiss'> & { day: CounterDay }) {
  const id = useId();
  const [counted, setCounted] = useState('');
  const [note, setNote] = useState('');
  const valid = /^\d+(\.\d{1,2})?$/.test(counted.trim());
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (valid && !busy) onCloseDay(Number(counted.trim()), note.trim());
  };
  return (
    <form onSubmit={submit} className="seller-form">
      <TillFigures day={day} />
      <Field id={`${id}-counted`} label="Cash counted in the drawer (₹)">
        {(control) => (
          <input
            {...control}
            {...RUPEES_BOX}
            autoFocus
            value={counted}
            aria-invalid={counted !== '' && !valid}
            onChange={(event) => setCounted(event.target.value)}
          />
        )}
      </Field>
      <Field id={`${id}-note`} label="Note" optional>
        {(control) => (
          <input
            {...control}
            maxLength={500}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        )}
      </Field>
      <DialogActions>
        <Button type="button" look="seller" variant="secondary" onClick={onDismiss}>
          Cancel
        </Button>
        <Button type="submit" look="seller" disabled={!valid} aria-busy={busy}>
          {busy ? 'Closing…' : 'Close the day'}
        </Button>
      </DialogActions>
    </form>
  );
}
