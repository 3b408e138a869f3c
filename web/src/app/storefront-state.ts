import { STOREFRONT_STATE_ID, storefrontStateSchema, type StorefrontState } from '@kirana/shared';
import type { createStore } from 'jotai';
import { seedProductsAtom } from '../features/products/atoms/products';

type Store = ReturnType<typeof createStore>;

/** Puts what a server-rendered page was rendered from into `store`, before its first render. */
export function seedStorefront(store: Store, state: StorefrontState): void {
  store.set(seedProductsAtom, state.products);
}

/**
 * What the server rendered `page` from (its `#kirana-state` JSON), or null for a page the
 * browser renders alone. A state that does not parse is reported and ignored: the screens
 * then fetch what they need.
 */
export function readStorefrontState(page: Document): StorefrontState | null {
  const text = page.getElementById(STOREFRONT_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    return storefrontStateSchema.parse(JSON.parse(text));
  } catch (error) {
    console.warn('The page came with a state this app cannot read; fetching instead', error);
    return null;
  }
}
