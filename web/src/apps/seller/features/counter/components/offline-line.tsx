import './offline.css';

interface OfflineLineProps {
  /** Whether the server is reached. */
  online: boolean;
  /** Bills kept on this counter, not yet recorded by the server. */
  waiting: number;
}

const bills = (count: number) => (count === 1 ? '1 bill' : `${count} bills`);

/**
 * The till's connection in one calm line (docs/counter.md#the-till-without-a-connection):
 * offline, that bills are kept here and how many wait; back online, that they are being sent.
 * Nothing while online with none waiting.
 */
export function OfflineLine({ online, waiting }: OfflineLineProps) {
  if (online && waiting === 0) return null;
  return (
    <p className="counter-offline" role="status">
      {online
        ? `Sending ${bills(waiting)} kept on this counter…`
        : `Offline — bills are kept on this counter and sent when the connection is back · ${bills(waiting)} waiting`}
    </p>
  );
}
