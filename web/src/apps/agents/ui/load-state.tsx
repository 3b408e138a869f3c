import { t } from '@lingui/core/macro';
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
    <div className="agent-empty" role="alert">
      <p className="agent-empty__title">{failure}</p>
      <p>{t`Tap Refresh to try again; the app also retries on its own.`}</p>
    </div>
  );
}
