import type { Connection } from '../../lib/socket';

const TEXT: Record<Exclude<Connection, 'off'>, string> = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
};

/**
 * Whether the list beside it follows the live stream ('Live') or is waiting for it (and polling
 * meanwhile). A polite status: screen readers hear the change when they are idle.
 */
export function LiveStatus({ connection }: { connection: Connection }) {
  if (connection === 'off') return null;
  return (
    <p className={`live-status live-status--${connection}`} role="status">
      <span className="live-status__dot" aria-hidden="true" />
      {TEXT[connection]}
    </p>
  );
}
