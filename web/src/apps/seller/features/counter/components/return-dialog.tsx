import {
  formatReceiptQuantity,
  refundOf,
  toPaise,
  type CounterReturnBody,
  type CounterSale,
} from '@kirana/shared';
import { useId, useState, type FormEvent } from 'react';
import { Dialog, DialogActions, DialogTitle } from '../../../../../common/ui/dialog';
import { typedQuantity } from '../bill';
import { billNumberText, paiseText } from '../money';
import { Button } from '../../../../../common/ui/button';
import { Field } from '../../../../../common/ui/field';

interface ReturnDialogProps {
  /** The sale items come back from; null: closed. */
  sale: CounterSale | null;
  busy: boolean;
  onReturn: (body: CounterReturnBody) => void;
  onDismiss: () => void;
}

/** What comes back of `line` as typed (bill.ts typedQuantity), at most what is left to return. */
function typedBack(
  text: string,
  line: CounterSale['lines'][number],
): { quantity: number } | { problem: string } {
  const typed = typedQuantity(text, line.unit);
  const left = line.quantity - line.returned;
  if ('quantity' in typed && typed.quantity > left)
    return { problem: `At most ${formatReceiptQuantity(left, line.unit)} can come back` };
  return typed;
}

/**
 * Items of a sale coming back: how many of each line, or what weight of a loose one (up to what
 * is left to return), and the money to give back, the way the sale was paid, worked out as the
 * server will.
 */
export function ReturnDialog({ sale, busy, onReturn, onDismiss }: ReturnDialogProps) {
  const id = useId();
  return (
    <Dialog open={sale !== null} onClose={onDismiss} labelledBy={`${id}-title`}>
      <DialogTitle id={`${id}-title`}>
        {sale ? `Return from bill ${billNumberText(sale)}` : 'Return'}
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
  const [typed, setTyped] = useState<string[]>(() => sale.lines.map(() => ''));
  const readings = sale.lines.map((line, index) => typedBack(typed[index] ?? '', line));
  const back = readings.map((reading) => ('quantity' in reading ? reading.quantity : 0));
  const refused = readings.some((reading) => 'problem' in reading);
  const lines = sale.lines.map((line) => ({
    unitPrice: toPaise(line.unitPrice),
    quantity: line.quantity,
    unit: line.unit,
    returned: line.returned,
  }));
  // A sale with tax added was billed in the spec's mode; without, its prices were final (a
  // spec sale too small for a paisa of tax refunds the same either way).
  const refund = refundOf(lines, back, sale.tax > 0 ? 'spec' : 'regular');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const returning = sale.lines
      .map((line, index) => ({ product: line.product, quantity: back[index] ?? 0 }))
      .filter((line) => line.quantity > 0);
    if (returning.length > 0 && !refused && !busy) onReturn({ lines: returning });
  };
  return (
    <form className="seller-form" onSubmit={submit}>
      {sale.lines.map((line, index) => {
        const left = line.quantity - line.returned;
        const amount = (quantity: number) => formatReceiptQuantity(quantity, line.unit);
        const reading = readings[index];
        return (
          <Field
            key={line.product}
            id={`${id}-${index}`}
            label={`${line.name} (${amount(left)} of ${amount(line.quantity)} can come back)`}
            hint={line.unit === 'piece' ? undefined : 'The weight, e.g. 0.25 or 250g'}
            problem={reading && 'problem' in reading ? reading.problem : undefined}
          >
            {(control) => (
              <input
                {...control}
                type="text"
                inputMode={line.unit === 'piece' ? 'numeric' : 'decimal'}
                autoComplete="off"
                disabled={left === 0}
                placeholder="0"
                value={typed[index] ?? ''}
                onChange={(event) => {
                  const text = event.target.value;
                  setTyped((held) => held.map((each, at) => (at === index ? text : each)));
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
          disabled={refused || back.every((quantity) => quantity === 0)}
          aria-busy={busy}
        >
          {busy ? 'Recording…' : 'Record the return'}
        </Button>
      </DialogActions>
    </form>
  );
}
