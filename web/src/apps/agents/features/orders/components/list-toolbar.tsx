import { t } from '@lingui/core/macro';
import type { ReactNode } from 'react';
import { LiveStatus } from '../../../../../common/ui/live-status';
import { formatClock } from '../../../../../lib/format';
import { useShopTimeZone } from '../../../../../common/shop-settings/use-shop';
import type { Connection } from '../../../../../lib/socket';
import { dateLocale } from '../../../i18n/locale';
import { RefreshIcon } from '../../../ui/agent-icons';
import './list-toolbar.css';

interface ListToolbarProps {
  title: string;
  /** When the list last came from the server (ms since the epoch), or null. */
  fetchedAt: number | null;
  /** Whether the list follows the live stream. */
  connection: Connection;
  refreshing: boolean;
  onRefresh: () => void;
}

/** A screen's title, how fresh its list is, and a Refresh button. */
export function ListToolbar({
  title,
  fetchedAt,
  connection,
  refreshing,
  onRefresh,
}: ListToolbarProps) {
  const timeZone = useShopTimeZone();
  const updated = fetchedAt === null ? null : formatClock(fetchedAt, timeZone, dateLocale());
  return (
    <Toolbar
      title={title}
      status={
        <div className="agent-toolbar__status">
          {updated !== null && <p className="agent-toolbar__fresh">{t`Updated ${updated}`}</p>}
          <LiveStatus
            connection={connection}
            texts={{ connecting: t`Connecting…`, live: t`Live`, reconnecting: t`Reconnecting…` }}
          />
        </div>
      }
    >
      <button
        type="button"
        className="agent-toolbar__refresh"
        disabled={refreshing}
        aria-busy={refreshing}
        onClick={onRefresh}
      >
        <RefreshIcon />
        <span>{t`Refresh`}</span>
      </button>
    </Toolbar>
  );
}

/** A screen's title bar: the title, what is said under it, and what stands beside it. */
export function Toolbar({
  title,
  status,
  children,
}: {
  title: string;
  status?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="agent-toolbar">
      <div>
        <h1 className="agent-toolbar__title">{title}</h1>
        {status}
      </div>
      {children}
    </div>
  );
}
