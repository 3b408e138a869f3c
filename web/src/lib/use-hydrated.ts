import { useSyncExternalStore } from 'react';

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
