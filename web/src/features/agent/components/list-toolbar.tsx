import { LiveStatus } from '../../../components/ui/live-status';
import type { Connection } from '../../../lib/socket';
import { RefreshIcon } from './agent-icons';

interface ListToolbarProps {
  title: string;
  /** When the list last came from the server (ms since the epoch), or null. */
  fetchedAt: number | null;
  /** Whether the list follows the live stream. */
  connection: Connection;
  refreshing: boolean;
  onRefresh: () => void;
}

const clock = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit' });

/** A screen's title, how fresh its list is, and a Refresh button. */
export function ListToolbar({
  title,
  fetchedAt,
  connection,
  refreshing,
  onRefresh,
}: ListToolbarProps) {
  return (
    <div className="agent-toolbar">
      <div>
        <h1 className="agent-toolbar__title">{title}</h1>
        <div className="agent-toolbar__status">
          {fetchedAt !== null && (
            <p className="agent-toolbar__fresh">Updated {clock.format(fetchedAt)}</p>
          )}
          <LiveStatus connection={connection} />
        </div>
      </div>
      <button
        type="button"
        className="agent-toolbar__refresh"
        disabled={refreshing}
        aria-busy={refreshing}
        onClick={onRefresh}
      >
        <RefreshIcon />
        <span>Refresh</span>
      </button>
    </div>
  );
}
