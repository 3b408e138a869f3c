import { useEffect } from 'react';
import { retryDelay } from './retry-backoff';

/** Whether a run got an answer from the server (any answer), or could not reach it. */
export type Reach = 'reached' | 'unreachable';

/**
 * Runs `task` now, then again `everyMs` after each run that reached the server (never again when
 * null), or after a growing backoff while it could not (2 s, 4 s … 30 s). Runs at once when the
 * network comes back or the screen is shown again; skips runs while the page is hidden, since a
 * phone in a pocket need not spend its data. `task` must be stable (a jotai setter is, or a
 * memoized callback).
 */
export function useRefreshLoop(
  task: () => Promise<Reach>,
  everyMs: number | null,
  enabled = true,
): void {
  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let stopped = false;

    const run = async () => {
      clearTimeout(timer);
      if (document.visibilityState === 'hidden') return;
      const reach = await task();
      if (stopped) return;
      // Several runs may overlap (a tap on Retry during a poll): the last one keeps the timer.
      clearTimeout(timer);
      if (reach === 'unreachable') {
        failures += 1;
        timer = setTimeout(run, retryDelay(failures));
      } else {
        failures = 0;
        if (everyMs !== null) timer = setTimeout(run, everyMs);
      }
    };
    const runNow = () => void run();
    const onOnline = () => {
      failures = 0;
      runNow();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') runNow();
    };

    runNow();
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [task, everyMs, enabled]);
}
