import { t } from '@lingui/core/macro';
import { useId } from 'react';
import { Dialog, DialogActions } from '../../../../../common/ui/dialog';
import { PendingButton } from '../../../ui/pending-button';
import { Button } from '../../../../../common/ui/button';
import './cash-confirm-dialog.css';

interface CashConfirmDialogProps {
  /** The order's short number, as its card shows it. */
  number: string;
  /** The amount to take, formatted (₹55.08). */
  amount: string;
  customer: string;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Asked once before cash is recorded: a line in the agent's cash ledger is never taken back, so
 * a stray tap must not write one. The amount is in the question and on the button.
 */
export function CashConfirmDialog({
  number,
  amount,
  customer,
  onConfirm,
  onClose,
}: CashConfirmDialogProps) {
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} labelledBy={titleId} narrow>
      <h2 id={titleId} className="agent-confirm__title">
        {t`Did you take ${amount} in cash?`}
      </h2>
      <p className="agent-confirm__text">
        {t`From ${customer}, for order #${number}. It is added to your cash in hand, for the shop.`}
      </p>
      <DialogActions stacked>
        <PendingButton variant="cash" pending={false} onClick={onConfirm}>
          {t`Yes, I took ${amount}`}
        </PendingButton>
        <Button type="button" look="agent" variant="secondary" onClick={onClose}>
          {t`Back`}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
