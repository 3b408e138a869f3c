import { atom, useAtomValue } from 'jotai';
import { unwrap } from 'jotai/utils';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { productsAtom } from '../products/atoms/products';
import { pageMeta } from './page-meta';

/** The catalogue once loaded (the last one while the next loads), or null: never waits, never throws. */
const catalogueAtom = unwrap(
  atom(async (get) => {
    try {
      return await get(productsAtom);
    } catch {
      return null;
    }
  }),
  (previous) => previous ?? null,
);

/** Sets the head's element `selector` finds to `attributes` (made when missing), or removes it. */
function setHeadElement(
  tag: 'meta' | 'link',
  selector: string,
  attributes: Record<string, string> | null,
): void {
  const found = document.head.querySelector(selector);
  if (!attributes) {
    found?.remove();
    return;
  }
  const element = found ?? document.head.appendChild(document.createElement(tag));
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
}

/**
 * Keeps the tab's title, the description, the canonical link and `noindex` of the storefront
 * page on screen as the shopper moves between pages: what the server wrote into the first page
 * (head-tags.ts), from the same `pageMeta`. Renders nothing.
 */
export function DocumentHead() {
  const { pathname } = useLocation();
  const products = useAtomValue(catalogueAtom);

  useEffect(() => {
    // A product's page waits for the catalogue; every other page knows its title at once.
    const meta = pageMeta(pathname, products ?? []);
    if (meta.status === 404 && products === null) return;
    document.title = meta.title;
    setHeadElement('meta', 'meta[name="description"]', {
      name: 'description',
      content: meta.description,
    });
    setHeadElement(
      'link',
      'link[rel="canonical"]',
      meta.canonicalPath === null
        ? null
        : {
            rel: 'canonical',
            href: new URL(meta.canonicalPath, location.origin).href,
          },
    );
    setHeadElement(
      'meta',
      'meta[name="robots"]',
      meta.status === 404 ? { name: 'robots', content: 'noindex' } : null,
    );
  }, [pathname, products]);

  return null;
}
