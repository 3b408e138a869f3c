import * as z from 'zod/mini';

/**
 * What a storefront page rendered on the server carries for the browser to hydrate from, as
 * JSON in `<script type="application/json" id="kirana-state">`: the answers of the calls it was
 * rendered from (the web app's query cache, dehydrated), so the first screen in the browser is
 * the server's, with no fetch before it. The web app reads its own format.
 */
export const storefrontStateSchema = z.object({ queries: z.unknown() });
export type StorefrontState = z.infer<typeof storefrontStateSchema>;

export const STOREFRONT_STATE_ID = 'kirana-state';

/**
 * A cookie scripts may read, set beside a shopper's (httpOnly) session and cleared with it: its
 * absence tells the storefront that nobody is logged in, so it does not ask (and get a 401).
 * Only a hint: the session cookie alone decides who is logged in.
 */
export const SIGNED_IN_HINT_COOKIE = 'kirana_signed_in';

/** A storefront page the server renders (web/src/entry-server.tsx). */
export interface RenderedPage {
  /**
   * 404 for a page of a product, a category or a path the store does not have; 503 when a call
   * it is rendered from failed (that section is rendered loading, for the browser to ask again).
   */
  status: 200 | 404 | 503;
  /** The page's own `<title>`, description, canonical link, Open Graph and schema.org data. */
  head: string;
  /** The markup of the app's root element. */
  html: string;
  /** The state the page was rendered from, as JSON (StorefrontState). */
  state: string;
}

/**
 * The public calls a page is rendered from (`GET /api/category/list`, `/api/product/search`,
 * `/api/product/items`), answered by the server in the same process: `path` with its query, the
 * status and JSON body its HTTP answer would have.
 */
export type StorefrontFetch = (path: string) => Promise<{ status: number; body: unknown }>;

/** What the web app's server build (web/dist-ssr/entry-server.js) exports. */
export interface StorefrontRenderer {
  /**
   * The page at `url` (a path with its query), or null for a screen only the browser renders
   * (the cart, the seller area …). `origin` is the store's as browsers reach it, for absolute
   * links and pictures; `fetch` answers the calls the page is rendered from.
   */
  renderPage(input: {
    url: string;
    origin: string;
    fetch: StorefrontFetch;
  }): Promise<RenderedPage | null>;
}
