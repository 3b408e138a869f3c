import { t } from '@lingui/core/macro';
import type { ReactNode } from 'react';
import { Spinner } from '../../../common/ui/spinner';
import './load-state.css';

interface LoadStateProps {
  failed: boolean;
  /** The screen's text for a failed first load. */
  failure: string;
}

/** Before the first list arrives: a spinner, or what went wrong (Refresh retries). */
export function LoadState({ failed, failure }: LoadStateProps) {
  if (!failed) return <Spinner label={t`Loading orders…`} />;
  return (
    <EmptyState title={failure} alert>
      {t`Tap Refresh to try again; the app also retries on its own.`}
    </EmptyState>
  );
}

/** Where a list would be: what is (not) there, in bold, and a line on what comes. */
export function EmptyState({
  title,
  alert = false,
  children,
}: {
  title: string;
  /** Said at once to screen readers: a failure. */
  alert?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="agent-empty" role={alert ? 'alert' : undefined}>
      <p className="agent-empty__title">{title}</p>
      <p>{children}</p>
    </div>
  );
}
