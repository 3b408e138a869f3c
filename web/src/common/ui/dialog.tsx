import { useEffect, useRef, type ReactNode } from 'react';
import './dialog.css';

interface DialogProps {
  open: boolean;
  /** Asked to close: Escape, a click on the backdrop, or the close button. */
  onClose: () => void;
  /** Id of the heading that names the dialog. */
  labelledBy: string;
  className?: string;
  children: ReactNode;
}

/**
 * A modal dialog on the native `<dialog>`: `showModal()` makes the rest of the page inert (so
 * focus stays inside), Escape asks to close, and on close the browser returns focus to the
 * control that opened it.
 */
export function Dialog({ open, onClose, labelledBy, className, children }: DialogProps) {
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
      className={className ? `dialog ${className}` : 'dialog'}
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
