import { useEffect, useState, type ReactNode } from 'react';
import './agent-button.css';

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
  /**
   * Taps are ignored for this long after the button appears: when one step's button is replaced
   * by the next one in the same spot, the second tap of a double tap must not take that step.
   */
  armDelayMs?: number;
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
  armDelayMs = 0,
  children,
}: PendingButtonProps) {
  const [armed, setArmed] = useState(armDelayMs === 0);
  useEffect(() => {
    if (armDelayMs === 0) return;
    const timer = setTimeout(() => setArmed(true), armDelayMs);
    return () => clearTimeout(timer);
  }, [armDelayMs]);
  return (
    <button
      type={type}
      className={`agent-button agent-button--${variant}${armed ? '' : ' agent-button--arming'}`}
      disabled={pending || disabled || !armed}
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
