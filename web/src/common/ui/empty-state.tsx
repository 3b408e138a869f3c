import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from './button';
import './empty-state.css';

/** Where an empty screen leads on: a link styled as a button. */
export interface OnwardLink {
  to: string;
  label: string;
}

interface EmptyStateProps {
  message: string;
  onward?: OnwardLink;
  /** Another way on, e.g. a button that clears a search. */
  children?: ReactNode;
}

/** What a screen with nothing to show says, and where the shopper can go from there. */
export function EmptyState({ message, onward, children }: EmptyStateProps) {
  return (
    <div className="empty-state">
      <p>{message}</p>
      {onward && (
        <Link to={onward.to} className={buttonClass()}>
          {onward.label}
        </Link>
      )}
      {children}
    </div>
  );
}
