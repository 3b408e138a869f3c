import { formatQuantity } from '@kirana/shared';
import { useEffect, useId, useRef } from 'react';
import { Dialog, DialogActions, DialogMessage, DialogTitle } from '../../../../../common/ui/dialog';
import { pastCountOf, type BillLine } from '../bill';
import { Button } from '../../../../../common/ui/button';

interface PastCountDialogProps {
  /** The bill's lines that sell past their product's count; none: closed. */
  lines: readonly BillLine[];
  busy: boolean;
  onSell: () => void;
  onBack: () => void;
}

/** What a line sells past its product's count, as the seller reads it (grams as "750 g"). */
export function pastCountText(line: BillLine): string {
  const { name, stockCount, unit } = line.product;
  const left =
    stockCount === 0 ? 'none left' : `only ${formatQuantity(stockCount ?? 0, unit)} left`;
  return `${name}: the count says ${left}, ${formatQuantity(pastCountOf(line), unit)} sold past it`;
}

/**
 * The seller's word that the customer holds what the count says is gone: one question, keyboard
 * first. Sell anyway takes the focus, so Enter sells (the products are flagged for their shelves
 * to be counted: nothing is lost by it); Escape goes back to the bill.
 */
export function PastCountDialog({ lines, busy, onSell, onBack }: PastCountDialogProps) {
  const titleId = useId();
  const sell = useRef<HTMLButtonElement>(null);
  const open = lines.length > 0;
  // After the dialog's own effect has shown it (a child's effects run first).
  useEffect(() => {
    if (open) sell.current?.focus();
  }, [open]);
  return (
    <Dialog open={open} onClose={onBack} labelledBy={titleId}>
      <DialogTitle id={titleId}>Sell past the count?</DialogTitle>
      <DialogMessage>
        <ul className="counter-past-count">
          {lines.map((line) => (
            <li key={line.product._id}>{pastCountText(line)}</li>
          ))}
        </ul>
        <p className="seller-muted">
          Sell it if the customer holds the packet: the count stays at 0 and the product is listed
          to count its shelf.
        </p>
      </DialogMessage>
      <DialogActions className="counter-past-count__actions">
        <Button type="button" look="seller" variant="secondary" onClick={onBack}>
          Back to the bill <kbd>Esc</kbd>
        </Button>
        <Button
          ref={sell}
          type="button"
          look="seller"
          aria-busy={busy}
          onClick={() => {
            if (!busy) onSell();
          }}
        >
          {busy ? 'Recording…' : 'Sell anyway'} <kbd>Enter</kbd>
        </Button>
      </DialogActions>
    </Dialog>
  );
}
