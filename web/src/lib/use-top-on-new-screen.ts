import { useEffect } from 'react';

/** A new screen (another `address`: a path, or a path and its query) starts at its top, as after a page load. */
export function useTopOnNewScreen(address: string): void {
  useEffect(() => {
    // Braces matter: Chromium's scrollTo returns a promise, which React would take for a cleanup.
    window.scrollTo(0, 0);
  }, [address]);
}
