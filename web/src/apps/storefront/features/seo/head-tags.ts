import { escapeHtml, PAYMENT_CURRENCY, scriptSafeJson, type Product } from '@kirana/shared';
import { STORE_LOGO_PATH } from '../../../../lib/brand';
import type { PageMeta } from './page-meta';

/** schema.org `Product` data of a product page, which search engines show as a rich result. */
export function productJsonLd(
  product: Product,
  category: string,
  url: string,
  origin: string,
  shopName: string | null,
): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description.join(' '),
    image: product.image.map((image) => new URL(image, origin).href),
    sku: product._id,
    category,
    ...(product.weight && { size: product.weight }),
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: PAYMENT_CURRENCY,
      price: product.offerPrice.toFixed(2),
      availability: product.inStock
        ? 'https://schema.org/InStock'
        : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
      ...(shopName && { seller: { '@type': 'Organization', name: shopName } }),
    },
  };
}

/**
 * The `<head>` tags of a server-rendered storefront page: title, description, canonical link,
 * Open Graph (link previews) and, on a product page, its schema.org data. `origin` is the
 * store's as browsers reach it.
 */
export function headTags(meta: PageMeta, origin: string): string {
  const url = meta.canonicalPath && new URL(meta.canonicalPath, origin).href;
  const image = new URL(meta.product?.image[0] ?? STORE_LOGO_PATH, origin).href;
  const property = (name: string, content: string) =>
    `<meta property="${name}" content="${escapeHtml(content)}" />`;
  return [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    ...(meta.status === 404 ? ['<meta name="robots" content="noindex" />'] : []),
    ...(url ? [`<link rel="canonical" href="${escapeHtml(url)}" />`, property('og:url', url)] : []),
    ...(meta.shopName ? [property('og:site_name', meta.shopName)] : []),
    property('og:type', meta.product ? 'product' : 'website'),
    property('og:title', meta.title),
    property('og:description', meta.description),
    property('og:image', image),
    property('og:locale', 'en_IN'),
    '<meta name="twitter:card" content="summary" />',
    ...(meta.product && url
      ? [
          `<script type="application/ld+json">${scriptSafeJson(JSON.stringify(productJsonLd(meta.product, meta.categoryText ?? meta.product.category, url, origin, meta.shopName)))}</script>`,
        ]
      : []),
  ].join('\n    ');
}
