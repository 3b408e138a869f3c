import * as z from 'zod/mini';
import { productSchema } from './contract/product.js';

/**
 * What a storefront page rendered on the server carries for the browser to hydrate from, as
 * JSON in `<script type="application/json" id="kirana-state">`: the catalogue it was rendered
 * from, so the first screen in the browser is the server's, with no fetch before it.
 */
export const storefrontStateSchema = z.object({ products: z.array(productSchema) });
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
  /** 404 for a page of a product, a category or a path the store does not have. */
  status: 200 | 404;
  /** The page's own `<title>`, description, canonical link, Open Graph and schema.org data. */
  head: string;
  /** The markup of the app's root element. */
  html: string;
}

/** What the web app's server build (web/dist-ssr/entry-server.js) exports. */
export interface StorefrontRenderer {
  /**
   * The page at `url` (a path with its query), or null for a screen only the browser renders
   * (the cart, the seller area …). `origin` is the store's as browsers reach it, for absolute
   * links and pictures.
   */
  renderPage(input: {
    url: string;
    origin: string;
    state: StorefrontState;
  }): Promise<RenderedPage | null>;
}
