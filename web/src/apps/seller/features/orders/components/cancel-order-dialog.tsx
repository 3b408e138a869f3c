import {
  formatAmount,
  MAX_CANCEL_REASON,
  ORDER_CURRENCY,
  orderNumber,
  type SellerOrder,
} from '@kirana/shared';
import { useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { Field, FieldProblem } from '../../../../../common/ui/field';

interface CancelOrderDialogProps {
  open: boolean;
  /** The order asked about; kept shown while the dialog closes. */
  order: SellerOrder | null;
  busy: boolean;
  /** Cancels with the reason given (trimmed, never empty). */
  onConfirm: (reason: string) => void;
  onDismiss: () => void;
}

/** What happens to the money of `order` once cancelled, in the counter's words. */
function moneyNote(order: SellerOrder): string | null {
  if (!order.isPaid) return null;
  const amount = formatAmount(order.amount, ORDER_CURRENCY);
  return order.paidVia === 'cash'
    ? `${amount} was paid in cash: give it back by hand.`
    : `The ${amount} paid online will be refunded to the shopper.`;
}

/**
 * Asks for the reason to cancel an order (the shopper reads it on My Orders) and says what
 * happens to its money. 'Keep order' takes the focus, so Enter never cancels by accident.
 */
export function CancelOrderDialog({
  open,
  order,
  busy,
  onConfirm,
  onDismiss,
}: CancelOrderDialogProps) {
  const fieldId = useId();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const note = order && moneyNote(order);

  function confirm() {
    const trimmed = reason.trim();
    if (!trimmed) {
      setMissing(true);
      field.current?.focus();
      return;
    }
    onConfirm(trimmed);
  }

  return (
    <ConfirmDialog
      open={open}
      title={order ? `Cancel order #${orderNumber(order._id)}` : 'Cancel order'}
      confirmLabel="Cancel order"
      dismissLabel="Keep order"
      busy={busy}
      busyLabel="Cancelling…"
      onConfirm={confirm}
      onCancel={() => {
        setReason('');
        setMissing(false);
        onDismiss();
      }}
    >
      {note && <p>{note}</p>}
      <Field id={fieldId} label="Reason (the shopper sees it)">
        {(control) => (
          <>
            <input
              {...control}
              ref={field}
              value={reason}
              maxLength={MAX_CANCEL_REASON}
              aria-invalid={missing}
              aria-describedby={missing ? `${fieldId}-error` : undefined}
              onChange={(event) => {
                setReason(event.target.value);
                setMissing(false);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  confirm();
                }
              }}
            />
            {missing && (
              <FieldProblem id={`${fieldId}-error`} role="alert">
                Enter a reason: the shopper sees it
              </FieldProblem>
            )}
          </>
        )}
      </Field>
    </ConfirmDialog>
  );
}
