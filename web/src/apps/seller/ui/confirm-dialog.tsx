import { useId, type KeyboardEvent, type ReactNode } from 'react';
import { Dialog, DialogActions, DialogMessage, DialogTitle } from '../../../common/ui/dialog';
import { Button } from '../../../common/ui/button';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** What the button that asks nothing says (default 'Cancel'). */
  dismissLabel?: string;
  /** The confirmed action is on its way; the buttons say so and ignore presses. */
  busy?: boolean;
  /** What the confirm button says while busy. */
  busyLabel?: string;
  onConfirm: () => void;
  /** Cancel, Escape or a click on the backdrop. */
  onCancel: () => void;
}

const FOCUSABLE = 'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

/** Keeps Tab and Shift+Tab cycling inside the dialog instead of leaving for the browser's own UI. */
function keepTabInside(event: KeyboardEvent<HTMLDivElement>) {
  if (event.key !== 'Tab') return;
  const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.hasAttribute('disabled'),
  );
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * A modal yes/no question. Cancel comes first and takes the focus when it opens, so Enter never
 * confirms a destructive action by accident; Escape cancels.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  dismissLabel = 'Cancel',
  busy = false,
  busyLabel = 'Removing…',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  // Several dialogs may be on one screen: each is named by its own heading.
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onCancel} labelledBy={titleId} className="seller-confirm">
      <div className="seller-confirm__body" onKeyDown={keepTabInside}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogMessage>{children}</DialogMessage>
        <DialogActions>
          <Button type="button" look="seller" variant="secondary" onClick={onCancel}>
            {dismissLabel}
          </Button>
          <Button
            type="button"
            look="seller"
            variant="danger"
            aria-busy={busy}
            onClick={() => {
              if (!busy) onConfirm();
            }}
          >
            {busy ? busyLabel : confirmLabel}
          </Button>
        </DialogActions>
      </div>
    </Dialog>
  );
}
