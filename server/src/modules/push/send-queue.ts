/**
 * The process's one line of push messages waiting to be sent: at most `concurrency` sent at
 * once, at most `mostWaiting` waiting. A message whose key (its subscription and topic) is
 * already waiting replaces that one in its place, as a push service replaces a message it holds
 * by a newer one with the same topic; a new key when the line is full drops the oldest waiting.
 * So however many events come and however slowly the push services answer, the sends in flight
 * and the messages held stay bounded.
 */

/** What became of a message: its send's result, or why it was never sent. */
export type Queued<R> = R | 'replaced' | 'dropped';

interface Waiting<R> {
  send: () => Promise<R>;
  settle: (outcome: Queued<R>) => void;
  fail: (error: unknown) => void;
}

export class SendQueue<R> {
  /** By key, oldest first (a Map keeps the order keys were first set in). */
  private readonly waiting = new Map<string, Waiting<R>>();
  private running = 0;
  private closed = false;

  constructor(private readonly limits: { concurrency: number; mostWaiting: number }) {}

  /** The messages waiting now. */
  get size(): number {
    return this.waiting.size;
  }

  /** The sends in flight now. */
  get inFlight(): number {
    return this.running;
  }

  /**
   * Puts `send` in line under `key`; resolves with its result once sent, or with 'replaced' or
   * 'dropped' when it leaves the line unsent. Rejects when `send` does.
   */
  add(key: string, send: () => Promise<R>): Promise<Queued<R>> {
    if (this.closed) return Promise.resolve('dropped');
    return new Promise((settle, fail) => {
      const older = this.waiting.get(key);
      if (older) {
        older.settle('replaced');
      } else if (this.waiting.size >= this.limits.mostWaiting) {
        this.takeOldest()?.settle('dropped');
      }
      // Set again, a key keeps its place in line.
      this.waiting.set(key, { send, settle, fail });
      this.next();
    });
  }

  /** Drops every waiting message whose key `matches`, e.g. a subscription's switched off. */
  drop(matches: (key: string) => boolean): void {
    for (const [key, waiting] of this.waiting) {
      if (!matches(key)) continue;
      this.waiting.delete(key);
      waiting.settle('dropped');
    }
  }

  /** Drops every waiting message and every later one (a shutdown); sends in flight finish. */
  close(): void {
    this.closed = true;
    this.drop(() => true);
  }

  /** The oldest waiting message, out of the line; none when none waits. */
  private takeOldest(): Waiting<R> | undefined {
    for (const [key, waiting] of this.waiting) {
      this.waiting.delete(key);
      return waiting;
    }
    return undefined;
  }

  private next(): void {
    while (this.running < this.limits.concurrency) {
      const oldest = this.takeOldest();
      if (!oldest) return;
      const { send, settle, fail } = oldest;
      this.running += 1;
      Promise.resolve()
        .then(send)
        .then(settle, fail)
        .finally(() => {
          this.running -= 1;
          this.next();
        });
    }
  }
}
