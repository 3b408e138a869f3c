import { useEffect, useState, type ReactNode } from 'react';
import { Button } from '../../../common/ui/button';

interface PendingButtonProps {
  /** While true the button is disabled and spins, so a second tap sends nothing. */
  pending: boolean;
  /** Omitted for a form's submit button. */
  onClick?: () => void;
  type?: 'button' | 'submit';
  variant?: 'primary' | 'cash' | 'secondary';
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
    <Button
      look="agent"
      variant={variant}
      arming={!armed}
      type={type}
      pending={pending}
      disabled={disabled || !armed}
      aria-busy={pending}
      onClick={onClick}
    >
      <span>{children}</span>
      {pending && pendingLabel && (
        <span className="visually-hidden" role="status">
          {pendingLabel}
        </span>
      )}
    </Button>
  );
}
