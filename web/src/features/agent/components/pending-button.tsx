import type { ReactNode } from 'react';

interface PendingButtonProps {
  /** While true the button is disabled and spins, so a second tap sends nothing. */
  pending: boolean;
  /** Omitted for a form's submit button. */
  onClick?: () => void;
  type?: 'button' | 'submit';
  variant?: 'primary' | 'cash' | 'ghost';
  /** Said by screen readers while the request runs, e.g. 'Accepting…'. */
  pendingLabel?: string;
  disabled?: boolean;
  children: ReactNode;
}

/** A large touch button that shows a spinner and refuses taps while its request runs. */
export function PendingButton({
  pending,
  onClick,
  type = 'button',
  variant = 'primary',
  pendingLabel,
  disabled = false,
  children,
}: PendingButtonProps) {
  return (
    <button
      type={type}
      className={`agent-button agent-button--${variant}`}
      disabled={pending || disabled}
      aria-busy={pending}
      onClick={onClick}
    >
      {pending && <span className="agent-button__spinner" aria-hidden="true" />}
      <span className="agent-button__label">{children}</span>
      {pending && pendingLabel && (
        <span className="visually-hidden" role="status">
          {pendingLabel}
        </span>
      )}
    </button>
  );
}
