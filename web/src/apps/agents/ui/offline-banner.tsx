import { t } from '@lingui/core/macro';
import { OfflineIcon } from './agent-icons';
import './offline-banner.css';

interface OfflineBannerProps {
  /** Retries at once, rather than at the next backoff step. */
  onRetry: () => void;
}

/** Shown while the server is out of reach; the app keeps retrying on its own. */
export function OfflineBanner({ onRetry }: OfflineBannerProps) {
  return (
    <div className="agent-offline" role="status">
      <OfflineIcon />
      <p className="agent-offline__text">{t`Offline — retrying…`}</p>
      <button type="button" className="agent-offline__retry" onClick={onRetry}>
        {t`Retry now`}
      </button>
    </div>
  );
}
