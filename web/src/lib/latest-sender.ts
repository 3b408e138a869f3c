/**
 * Sends values one at a time, always the latest: a value pushed while a send is in flight waits
 * for it, and replaces any value still waiting. So saves of a changing state never overtake one
 * another, and a burst of changes costs at most two requests.
 */
export function latestSender<T>(send: (value: T) => Promise<void>) {
  let waiting: { value: T } | null = null;
  let running: Promise<void> | null = null;

  async function drain(): Promise<void> {
    while (waiting) {
      const { value } = waiting;
      waiting = null;
      // A failed send is the caller's to report in `send`; the next value is still sent.
      await send(value).catch(() => undefined);
    }
    running = null;
  }

  return {
    push(value: T): void {
      waiting = { value };
      running ??= drain();
    },
    /** Settles once everything pushed so far has been sent (or has failed). */
    idle(): Promise<void> {
      return running ?? Promise.resolve();
    },
    /** Forgets a value that has not been sent yet, e.g. when the shopper logs out. */
    drop(): void {
      waiting = null;
    },
  };
}
