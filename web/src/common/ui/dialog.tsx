import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from './button';
import { CloseIcon } from './icons';
import './dialog.css';

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

interface DialogProps {
  open: boolean;
  /** Asked to close: Escape, a click on the backdrop, or the close button. */
  onClose: () => void;
  /** Id of the heading that names the dialog. */
  labelledBy: string;
  /** A phone's width (the agents' dialogs) rather than 420 px. */
  narrow?: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * A modal dialog on the native `<dialog>`: `showModal()` makes the rest of the page inert (so
 * focus stays inside), Escape asks to close, and on close the browser returns focus to the
 * control that opened it.
 */
export function Dialog({ open, onClose, labelledBy, narrow, className, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={classes('dialog', narrow && 'dialog--narrow', className)}
      aria-labelledby={labelledBy}
      onCancel={(event) => {
        // Escape: let the owner decide, so its state and the element never disagree.
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // The dialog element itself is only hit on its backdrop; its content fills the box.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="dialog__content">{children}</div>
    </dialog>
  );
}

interface PartProps {
  className?: string;
  children: ReactNode;
}

/** The dialog's heading; its `id` is the Dialog's `labelledBy`. */
export function DialogTitle({ id, className, children }: PartProps & { id: string }) {
  return (
    <h2 id={id} className={classes('dialog__title', className)}>
      {children}
    </h2>
  );
}

/** What the dialog says, under its heading. */
export function DialogMessage({ className, children }: PartProps) {
  return <div className={classes('dialog__message', className)}>{children}</div>;
}

/** The dialog's buttons: in a row at its end, or `stacked` one under the other. */
export function DialogActions({ stacked, className, children }: PartProps & { stacked?: boolean }) {
  return (
    <div className={classes('dialog__actions', stacked && 'dialog__actions--stacked', className)}>
      {children}
    </div>
  );
}

/** The round × in the dialog's top corner. */
export function DialogClose({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button
      type="button"
      variant="icon"
      className="dialog__close"
      aria-label={label}
      onClick={onClick}
    >
      <CloseIcon />
    </Button>
  );
}
