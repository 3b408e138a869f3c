import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { STOREFRONT_STATE_ID, type RenderedPage, type StorefrontRenderer } from '@kirana/shared';
import type { Middleware } from 'koa';
import { reconcileSignedInHint } from '../../lib/auth.js';
import type { AppContext, AppState } from '../../lib/context.js';
import type { CatalogueSnapshot } from '../product/catalogue.js';
import { publicPagePaths } from './storefront.routes.js';

/** Where the web build leaves the page template and the server rendering. */
export interface StorefrontBuild {
  /** The built index.html (web/dist), into which every page is rendered. */
  template: string;
  /** The server rendering's module (web/dist-ssr/entry-server.js). */
  renderer: string;
}

/** Paths that are never a storefront page: the API, files, other areas of the app. */
const NOT_A_PAGE = /^\/(api|uploads|socket\.io|payments|assets|seller|agents)(\/|$)|\.[^/]*$/;

const PAGE_HEAD = /<!--page-head-->[\s\S]*?<!--\/page-head-->/;
const ROOT = '<div id="root"></div>';

/** `json` safe inside a `<script>` element, whatever a product's name says. */
function scriptSafe(json: string): string {
  return json.replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/**
 * The storefront's public pages (`/`, `/products`, a category, a product, and the not-found
 * page) rendered on the server from the catalogue snapshot, with the state the browser hydrates
 * from; every other path goes on to the next middleware (the client-rendered app). A page is
 * rendered once per catalogue: it names nobody, so every visitor gets the same bytes. Without
 * a web build it steps aside, and the plain app answers (or says it is not built).
 */
export function serveStorefrontPages(build: StorefrontBuild): Middleware<AppState, AppContext> {
  let loaded: Promise<WebBuild | null> | undefined;
  // Not built (yet): looked for again on the next request.
  const load = () =>
    (loaded ??= loadWebBuild(build).then(
      (web) => {
        if (!web) loaded = undefined;
        return web;
      },
      (error: unknown) => {
        loaded = undefined;
        throw error;
      },
    ));
  /**
   * What was rendered from each snapshot: its state script and its pages by path. A page names
   * nobody, so every visitor gets the same bytes; a new snapshot (a product changed) starts
   * afresh, and the old one's pages go with it.
   */
  const rendered = new WeakMap<CatalogueSnapshot, Rendered>();

  return async (ctx, next) => {
    if (!['GET', 'HEAD'].includes(ctx.method) || NOT_A_PAGE.test(ctx.path)) return next();
    const web = await load();
    if (!web) return next();
    const snapshot = await ctx.catalogue.snapshot(ctx.publicUrl);
    let fromSnapshot = rendered.get(snapshot);
    if (!fromSnapshot) {
      // The snapshot's bytes are `{ success, products }`: the state reads only `products`.
      const json = scriptSafe(snapshot.json.toString('utf8'));
      const state = `<script type="application/json" id="${STOREFRONT_STATE_ID}">${json}</script>`;
      fromSnapshot = { state, pages: new Map(), kept: new Set(publicPagePaths(snapshot.products)) };
      rendered.set(snapshot, fromSnapshot);
    }
    const { state, pages, kept } = fromSnapshot;
    // No page depends on its query (utm_source …): one rendering serves them all.
    const path = ctx.path;
    const render = () =>
      web.renderer
        .renderPage({
          url: path,
          origin: ctx.publicUrl,
          state: { products: [...snapshot.products] },
        })
        .then((page) => page && { status: page.status, html: pageHtml(web.template, page, state) });
    // Kept: the store's own pages, by their one spelling. Any other path (which anyone can make
    // up by the million) is rendered each time, as is a page whose rendering failed.
    let answer = kept.has(path) ? pages.get(path) : render();
    if (!answer) {
      answer = render();
      pages.set(path, answer);
      answer.catch(() => pages.delete(path));
    }
    const page = await answer;
    if (!page) return next();
    await reconcileSignedInHint(ctx);
    ctx.status = page.status;
    ctx.type = 'html';
    // Revalidated on every visit: the catalogue changes under the same URL.
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = page.html;
  };
}

interface WebBuild {
  template: string;
  renderer: StorefrontRenderer;
}

const missing = (error: unknown) =>
  ['ENOENT', 'ERR_MODULE_NOT_FOUND'].includes((error as NodeJS.ErrnoException).code ?? '');

/** The page template and the renderer, or null when the web app is not built for it. */
async function loadWebBuild(build: StorefrontBuild): Promise<WebBuild | null> {
  const template = await readFile(build.template, 'utf8').catch((error: unknown) => {
    if (missing(error)) return null;
    throw error;
  });
  // A page of another making (a test's, an older build's): the plain app serves it.
  if (!template || !PAGE_HEAD.test(template) || !template.includes(ROOT)) return null;
  const renderer = await (
    import(pathToFileURL(build.renderer).href) as Promise<StorefrontRenderer>
  ).catch((error: unknown) => {
    if (missing(error)) return null;
    throw error;
  });
  return renderer && { template, renderer };
}

interface Answer {
  status: number;
  html: string;
}

interface Rendered {
  state: string;
  pages: Map<string, Promise<Answer | null>>;
  /** The paths whose pages are kept: the store's public pages. */
  kept: ReadonlySet<string>;
}

/** The template with the page's head, its markup in #root, and the state after it. */
function pageHtml(template: string, page: RenderedPage, state: string): string {
  return template
    .replace(PAGE_HEAD, () => page.head)
    .replace(ROOT, () => `<div id="root">${page.html}</div>${state}`);
}
