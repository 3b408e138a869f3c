import type { Connection } from '../../lib/socket';
import './live-status.css';

type LiveStatusTexts = Record<Exclude<Connection, 'off'>, string>;

const ENGLISH: LiveStatusTexts = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
};

interface LiveStatusProps {
  connection: Connection;
  /** Its words in another language (the agent app's Hindi); English by default. */
  texts?: LiveStatusTexts;
}

/**
 * Whether the list beside it follows the live stream ('Live') or is waiting for it (and polling
 * meanwhile). A polite status: screen readers hear the change when they are idle.
 */
export function LiveStatus({ connection, texts = ENGLISH }: LiveStatusProps) {
  if (connection === 'off') return null;
  return (
    <p className={`live-status live-status--${connection}`} role="status">
      <span className="live-status__dot" aria-hidden="true" />
      {texts[connection]}
    </p>
  );
}
