import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import {
  scriptSafeJson,
  STOREFRONT_STATE_ID,
  type RenderedPage,
  type StorefrontRenderer,
} from '@kirana/shared';
import type { Middleware } from 'koa';
import { reconcileSignedInHint } from '../session/auth.js';
import type { AppContext, AppState } from '../../lib/context.js';
import { answerEncoded, EncodedAnswer } from '../../lib/precompressed.js';
import type { AddressLimit } from '../../lib/rate-limit.js';
import { storefrontFetch } from './storefront-fetch.js';

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

/** A rendered page kept until the catalogue changes: about this many bytes (its target). */
const PAGE_BYTES = 100 * 1024;

/** The parts of a page's query its rendering reads; any other (utm_source …) changes nothing. */
const PAGE_QUERY = ['q', 'page'];

/**
 * The storefront's public pages (`/`, `/products`, a category, a product, and the not-found
 * page) rendered on the server from the calls their screens make (answered in this process, see
 * storefront-fetch.ts), with those answers for the browser to hydrate from; every other path goes
 * on to the next middleware (the client-rendered app). A page names nobody, so every visitor gets
 * the same bytes, kept in the catalogue's memory until it changes (unless a call failed: then
 * the page says 503 and the browser asks again). Without a web build it steps
 * aside, and the plain app answers (or says it is not built). A page asked with a search text
 * counts against `searchLimit`, as the search route does.
 */
export function serveStorefrontPages(
  build: StorefrontBuild,
  searchLimit: AddressLimit,
): Middleware<AppState, AppContext> {
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

  const servePage: Middleware<AppState, AppContext> = async (ctx, next) => {
    const web = await load();
    if (!web) return next();
    const query = new URLSearchParams();
    for (const name of PAGE_QUERY) {
      const value = ctx.URL.searchParams.get(name);
      if (value) query.set(name, value);
    }
    const url = query.size > 0 ? `${ctx.path}?${query}` : ctx.path;
    const page = await ctx.catalogue.remembered(
      JSON.stringify(['page', ctx.publicUrl, url]),
      PAGE_BYTES,
      async () => {
        const rendered = await web.renderer.renderPage({
          url,
          origin: ctx.publicUrl,
          fetch: storefrontFetch(ctx),
        });
        return (
          rendered &&
          new EncodedAnswer(Buffer.from(pageHtml(web.template, rendered)), 'html', rendered.status)
        );
      },
      // A page rendered while a call failed is served, never kept.
      (rendered) => rendered?.status !== 503,
    );
    if (!page) return next();
    await reconcileSignedInHint(ctx);
    // Revalidated on every visit: the catalogue changes under the same URL.
    ctx.set('Cache-Control', 'no-cache');
    await answerEncoded(ctx, page);
  };

  return async (ctx, next) => {
    if (!['GET', 'HEAD'].includes(ctx.method) || NOT_A_PAGE.test(ctx.path)) return next();
    // Rendered from the search route's answer for its text, and counted as that route counts it.
    if (ctx.URL.searchParams.get('q')?.trim())
      return searchLimit.guard(ctx, () => servePage(ctx, next));
    return servePage(ctx, next);
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

/** The template with the page's head, its markup in #root, and its state after it. */
function pageHtml(template: string, page: RenderedPage): string {
  const state = `<script type="application/json" id="${STOREFRONT_STATE_ID}">${scriptSafeJson(page.state)}</script>`;
  return template
    .replace(PAGE_HEAD, () => page.head)
    .replace(ROOT, () => `<div id="root">${page.html}</div>${state}`);
}
