import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { toast } from '../../../../../lib/toast';
import { Button, buttonClass } from '../../../../../common/ui/button';
import { Dialog, DialogActions, DialogTitle } from '../../../../../common/ui/dialog';
import { khataQueries } from '../queries';
import './remind-dialog.css';

interface RemindDialogProps {
  customer: { _id: string; name: string };
  open: boolean;
  onClose: () => void;
}

/** Copies `text`, toasting how it went. */
async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(`${what} copied`);
  } catch {
    toast.error(`Could not copy the ${what.toLowerCase()}: select it and copy it with Ctrl+C`);
  }
}

/**
 * A reminder the seller sends from their own phone (the shop's server sends nothing): its text,
 * Open WhatsApp with it written, Copy, and the UPI link for the amount due. In the desktop app a
 * link opening a new window goes to the system browser (desktop/src/main/window.ts), as here.
 */
export function RemindDialog({ customer, open, onClose }: RemindDialogProps) {
  const titleId = useId();
  const {
    data: reminder,
    isError,
    refetch,
  } = useQuery({
    ...khataQueries.reminder(customer._id),
    enabled: open,
  });

  return (
    <Dialog open={open} onClose={onClose} labelledBy={titleId}>
      <div className="khata-remind">
        <DialogTitle id={titleId}>Remind {customer.name}</DialogTitle>
        {!reminder && isError ? (
          <p role="alert">
            The reminder could not be made.{' '}
            <Button type="button" variant="link" onClick={() => void refetch()}>
              Try again
            </Button>
          </p>
        ) : !reminder ? (
          <p className="seller-muted">Writing the reminder…</p>
        ) : (
          <>
            <p className="khata-remind__text">{reminder.text}</p>
            <div className="khata-remind__actions">
              <a
                className={buttonClass({ look: 'seller' })}
                href={reminder.whatsappLink}
                target="_blank"
                rel="noopener"
              >
                Open WhatsApp
              </a>
              <Button
                type="button"
                look="seller"
                variant="secondary"
                onClick={() => void copy(reminder.text, 'Reminder')}
              >
                Copy
              </Button>
            </div>
            {reminder.upiLink && (
              <p className="khata-remind__upi">
                <span className="seller-muted">UPI link for the amount due: </span>
                <code>{reminder.upiLink}</code>{' '}
                <Button
                  type="button"
                  variant="link"
                  onClick={() => void copy(reminder.upiLink ?? '', 'UPI link')}
                >
                  Copy the UPI link
                </Button>
              </p>
            )}
          </>
        )}
        <DialogActions>
          <Button type="button" look="seller" variant="secondary" onClick={onClose}>
            Close
          </Button>
        </DialogActions>
      </div>
    </Dialog>
  );
}
