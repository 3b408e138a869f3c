import { useEffect, useState, useSyncExternalStore } from 'react';

const noChanges = () => () => {};

/**
 * False on the server and while React hydrates a page the server rendered, true from then on:
 * what only the browser knows (its saved cart) is shown once the page is the server's no more,
 * so hydration meets exactly the markup the server sent. A page rendered in the browser alone
 * gets true from its first render.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}

/**
 * True once the page is hydrated and React has done the rest of its hydration work too (the
 * Suspense boundaries of a server-rendered page hydrate after its shell, in slices that keep the
 * browser busy): at the second idle moment in a row after hydration. Data written into the cache
 * before then (a live update) would reach a boundary still holding the server's markup, which
 * React would find different and throw away (its error #418). Each idle moment is waited for 3 s
 * at most; browsers without idle callbacks (Safari) wait a moment.
 */
export function useHydrationSettled(): boolean {
  const hydrated = useHydrated();
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (!hydrated || settled) return;
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(() => setSettled(true), SETTLE_WITHOUT_IDLE_MS);
      return () => clearTimeout(timer);
    }
    let idle = requestIdleCallback(
      () => {
        idle = requestIdleCallback(() => setSettled(true), { timeout: SETTLE_AT_MOST_MS });
      },
      { timeout: SETTLE_AT_MOST_MS },
    );
    return () => cancelIdleCallback(idle);
  }, [hydrated, settled]);
  return settled;
}

/** The longest each idle moment is waited for (a page kept busy, a tab in the background). */
const SETTLE_AT_MOST_MS = 3000;
/** Without idle callbacks: a moment. */
const SETTLE_WITHOUT_IDLE_MS = 500;
