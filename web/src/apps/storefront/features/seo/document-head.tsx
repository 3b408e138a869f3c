import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { matchPath, useLocation } from 'react-router';
import { categoryQueries, productQueries } from '../../../../common/catalogue/queries';
import { useKnownShop } from '../../../../common/shop-settings/cache';
import { pageMeta } from './page-meta';

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
  // What the page itself shows (the same queries: nothing is asked twice).
  const productId = matchPath('/products/:category/:id', pathname)?.params.id;
  const { data: categories = null } = useQuery(categoryQueries.shown());
  const { data: items } = useQuery({
    ...productQueries.items(productId ? [productId] : []),
    enabled: productId !== undefined,
  });
  const shop = useKnownShop();
  const product =
    productId === undefined
      ? undefined
      : items && (items.find((item) => item._id === productId && !item.archivedAt) ?? null);

  useEffect(() => {
    // A product's or a category's page waits for what it shows; others know their title at once.
    const meta = pageMeta(pathname, { categories, product, shop });
    const waiting = categories === null || (productId !== undefined && product === undefined);
    if (meta.status === 404 && waiting) return;
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
  }, [pathname, productId, categories, product, shop]);

  return null;
}
