import { refundOf, toPaise, type CounterReturnBody, type CounterSale } from '@kirana/shared';
import { useId, useState, type FormEvent } from 'react';
import { Dialog, DialogActions, DialogTitle } from '../../../../../common/ui/dialog';
import { paiseText } from '../money';
import { Button } from '../../../../../common/ui/button';
import { Field } from '../../../../../common/ui/field';

interface ReturnDialogProps {
  /** The sale items come back from; null: closed. */
  sale: CounterSale | null;
  busy: boolean;
  onReturn: (body: CounterReturnBody) => void;
  onDismiss: () => void;
}

/**
 * Items of a sale coming back: how many of each line (up to what is left to return), and the
 * money to give back, the way the sale was paid, worked out as the server will.
 */
export function ReturnDialog({ sale, busy, onReturn, onDismiss }: ReturnDialogProps) {
  const id = useId();
  return (
    <Dialog open={sale !== null} onClose={onDismiss} labelledBy={`${id}-title`}>
      <DialogTitle id={`${id}-title`}>
        {sale ? `Return from bill ${sale.number}` : 'Return'}
      </DialogTitle>
      {sale && (
        // A new sale, a new form.
        <ReturnForm
          key={sale._id}
          sale={sale}
          busy={busy}
          onReturn={onReturn}
          onDismiss={onDismiss}
        />
      )}
    </Dialog>
  );
}

function ReturnForm({
  sale,
  busy,
  onReturn,
  onDismiss,
}: ReturnDialogProps & { sale: CounterSale }) {
  const id = useId();
  const [back, setBack] = useState<number[]>(() => sale.lines.map(() => 0));
  const lines = sale.lines.map((line) => ({
    unitPrice: toPaise(line.unitPrice),
    quantity: line.quantity,
    returned: line.returned,
  }));
  const refund = refundOf(lines, back);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const returning = sale.lines
      .map((line, index) => ({ product: line.product, quantity: back[index] ?? 0 }))
      .filter((line) => line.quantity > 0);
    if (returning.length > 0 && !busy) onReturn({ lines: returning });
  };
  return (
    <form className="seller-form" onSubmit={submit}>
      {sale.lines.map((line, index) => {
        const left = line.quantity - line.returned;
        return (
          <Field
            key={line.product}
            id={`${id}-${index}`}
            label={`${line.name} (${left} of ${line.quantity} can come back)`}
          >
            {(control) => (
              <input
                {...control}
                type="number"
                inputMode="numeric"
                disabled={left === 0}
                min={0}
                max={left}
                value={back[index] ?? 0}
                onChange={(event) => {
                  const quantity = Math.min(
                    Math.max(Math.floor(Number(event.target.value)) || 0, 0),
                    left,
                  );
                  setBack((held) => held.map((each, at) => (at === index ? quantity : each)));
                }}
              />
            )}
          </Field>
        );
      })}
      <p className="counter-return__refund" aria-live="polite">
        Give back {paiseText(refund)} {sale.payment === 'cash' ? 'in cash' : 'by UPI'}
      </p>
      <DialogActions>
        <Button type="button" look="seller" variant="secondary" onClick={onDismiss}>
          Cancel
        </Button>
        <Button
          type="submit"
          look="seller"
          disabled={back.every((quantity) => quantity === 0)}
          aria-busy={busy}
        >
          {busy ? 'Recording…' : 'Record the return'}
        </Button>
      </DialogActions>
    </form>
  );
}
