import { retryDelay } from './retry-backoff';

/** Whether a run got an answer from the server (any answer), or could not reach it. */
export type Reach = 'reached' | 'unreachable';

export interface RefreshLoopOptions {
  /** Between runs that reached the server; null: none after the first that reached it. */
  everyMs: number | null;
  /** The first run now (the default), or `everyMs` from now. */
  firstRun?: 'now' | 'later';
  /** No runs while the page is hidden, one at once when it shows again: a phone in a pocket. */
  pauseWhileHidden?: boolean;
}

/**
 * Runs `task` on a schedule until stopped: again `everyMs` after each run that reached the
 * server (a task answering nothing counts as reached), or after a growing backoff while it could
 * not (2 s, 4 s … 30 s, lib/retry-backoff.ts); at once when the network comes back. The live
 * feed's polling (socket.ts) and the agents' start-up check are such loops
 * (docs/live-updates.md#when-the-socket-is-down).
 */
export function startRefreshLoop(
  task: (() => void) | (() => Promise<Reach>),
  { everyMs, firstRun = 'now', pauseWhileHidden = false }: RefreshLoopOptions,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let stopped = false;
  const hidden = () => pauseWhileHidden && globalThis.document?.visibilityState === 'hidden';

  const settle = (reach: unknown) => {
    if (stopped) return;
    // Several runs may overlap (a run at once during a slow one): the last one keeps the timer.
    clearTimeout(timer);
    if (reach === 'unreachable') {
      failures += 1;
      timer = setTimeout(run, retryDelay(failures));
    } else {
      failures = 0;
      if (everyMs !== null) timer = setTimeout(run, everyMs);
    }
  };
  function run() {
    clearTimeout(timer);
    if (hidden()) return;
    let ran: unknown;
    try {
      ran = task();
    } catch (error) {
      console.warn('A refresh failed', error);
      ran = 'unreachable';
    }
    if (!(ran instanceof Promise)) return settle(ran);
    // A failure is tried again as an unreachable server is: the loop never stops by itself.
    void ran.then(settle, (error: unknown) => {
      console.warn('A refresh failed', error);
      settle('unreachable');
    });
  }
  const onOnline = () => {
    failures = 0;
    run();
  };
  const onVisibility = () => {
    if (!hidden()) run();
  };

  if (firstRun === 'now') run();
  else if (everyMs !== null) timer = setTimeout(run, everyMs);
  globalThis.window?.addEventListener('online', onOnline);
  if (pauseWhileHidden) globalThis.document?.addEventListener('visibilitychange', onVisibility);
  return () => {
    stopped = true;
    clearTimeout(timer);
    globalThis.window?.removeEventListener('online', onOnline);
    globalThis.document?.removeEventListener('visibilitychange', onVisibility);
  };
}
