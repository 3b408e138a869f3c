import { categoryHref, escapeHtml, productHref, type Product } from '@kirana/shared';
import Router from '@koa/router';
import type { AppContext, AppState } from '../../lib/context.js';
import { listCategories } from '../category/category.service.js';

/**
 * The storefront's public pages, which search engines may list: the ones the server renders,
 * for the shown categories and the live products in them.
 */
export function publicPagePaths(
  categories: readonly { path: string }[],
  products: readonly Product[],
): string[] {
  const shown = new Set(categories.map((category) => category.path));
  return [
    '/',
    '/products',
    '/delivery',
    '/returns',
    '/contact',
    ...categories.map(categoryHref),
    ...products
      .filter((product) => shown.has(product.category) && !product.archivedAt)
      .map((product) => productHref(product)),
  ];
}

/** Screens of one person's, or of the shop's staff: no search engine has anything to read there. */
const PRIVATE_PATHS = ['/api/', '/seller', '/agents', '/cart', '/my-orders', '/add-address'];

/** `robots.txt` and `sitemap.xml`, for search engines, from the catalogue snapshot. */
export function storefrontRoutes(): Router<AppState, AppContext> {
  const router = new Router<AppState, AppContext>();

  router.get('/robots.txt', (ctx) => {
    ctx.type = 'text/plain; charset=utf-8';
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = [
      'User-agent: *',
      ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${new URL('/sitemap.xml', ctx.publicUrl).href}`,
      '',
    ].join('\n');
  });

  router.get('/sitemap.xml', async (ctx) => {
    const { products } = await ctx.catalogue.snapshot(ctx.publicUrl);
    const categories = await listCategories(ctx.em, { shown: true });
    const lastChange = new Map(
      products.map((product) => [productHref(product), product.updatedAt]),
    );
    const urls = publicPagePaths(categories, products).map((path) => {
      const modified = lastChange.get(path);
      return [
        '  <url>',
        `    <loc>${escapeHtml(new URL(path, ctx.publicUrl).href)}</loc>`,
        ...(modified ? [`    <lastmod>${modified}</lastmod>`] : []),
        '  </url>',
      ].join('\n');
    });
    ctx.type = 'application/xml; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...urls,
      '</urlset>',
      '',
    ].join('\n');
  });

  return router;
}
