import { useEffect } from 'react';

// The page load's first screen is where the browser put it (its top, or where the visitor has
// scrolled while it loaded, or where a reload left it): only the screens after it start at the top.
let firstScreen = true;

/** A new screen (another `address`: a path, or a path and its query) starts at its top, as after a page load. */
export function useTopOnNewScreen(address: string): void {
  useEffect(() => {
    if (firstScreen) {
      firstScreen = false;
      return;
    }
    // Braces matter: Chromium's scrollTo returns a promise, which React would take for a cleanup.
    window.scrollTo(0, 0);
  }, [address]);
}
