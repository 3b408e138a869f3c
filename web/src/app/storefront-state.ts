import { STOREFRONT_STATE_ID, storefrontStateSchema } from '@kirana/shared';
import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';

/**
 * Puts the answers a server-rendered page was rendered from (its `#kirana-state` JSON) into
 * `client`, before the first render; returns whether the page came with them (a page the
 * browser renders alone does not). A state that does not parse is reported and ignored: the
 * screens then fetch what they need.
 */
export function hydrateStorefront(page: Document, client: QueryClient): boolean {
  const text = page.getElementById(STOREFRONT_STATE_ID)?.textContent;
  if (!text) return false;
  try {
    const { queries } = storefrontStateSchema.parse(JSON.parse(text));
    hydrate(client, queries as DehydratedState);
    return true;
  } catch (error) {
    console.warn('The page came with a state this app cannot read; fetching instead', error);
    return false;
  }
}

/** React's error of a hydration that met other markup than it rendered (minified or not). */
const HYDRATION_MISMATCH = /Hydration failed|#418\b/;
/** How long after hydration starts a changed answer may explain a mismatch. */
const HYDRATION_WINDOW_MS = 30_000;

/**
 * `hydrateRoot`'s onRecoverableError for a page hydrated from `client`'s answers. When one of
 * the answers the server rendered from has changed since (a live update, a refetch) before React
 * reached the part showing it, React meets the server's older markup, renders that part anew
 * from the newer data, as it should, and says so: a warning then. Any other recoverable error is
 * reported as React would.
 */
export function hydrationErrors(client: QueryClient): (error: unknown) => void {
  const rendered = new Map(
    client
      .getQueryCache()
      .getAll()
      .map((query) => [query.queryHash, query.state.data]),
  );
  let changed = false;
  const stop = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || !rendered.has(event.query.queryHash)) return;
    if (event.query.state.data === rendered.get(event.query.queryHash)) return;
    changed = true;
    stop();
  });
  // Past hydration, nothing is listened to (nor the server's answers held) any longer.
  setTimeout(stop, HYDRATION_WINDOW_MS);
  return (error) => {
    const message = error instanceof Error ? error.message : String(error);
    if (changed && HYDRATION_MISMATCH.test(message))
      console.warn('The page changed while it was being hydrated: React rendered it anew', error);
    else reportError(error);
  };
}
