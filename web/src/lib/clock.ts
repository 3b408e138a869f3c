import { useSyncExternalStore } from 'react';

/** How often screens that show time-bound states (e.g. a time to pay by) look at the clock. */
const TICK_MS = 15_000;

let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const notify of listeners) notify();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The time (ms since the epoch), renewed every 15 seconds while a screen reads it. */
export function useClock(): number {
  return useSyncExternalStore(subscribe, () => now);
}
