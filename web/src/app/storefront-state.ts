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
