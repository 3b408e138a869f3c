import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { Middleware } from 'koa';
import type { PaymentProviderName } from '@kirana/shared';
import type { AppContext, AppState } from './context.js';

/** What Razorpay Checkout loads into the store's page: its script, its frames, its calls. */
const RAZORPAY_CHECKOUT = {
  scripts: ['https://checkout.razorpay.com'],
  frames: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
  connects: ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
};

/** The sandbox's payment page, which its checkout.js frames over the store's page. */
const FRAMED_PAGE = '/payments/sandbox/pay.html';

/** Answers with data of someone's (the API's JSON, the sandbox's orders): this origin's only. */
const DATA = /^\/(api|payments\/sandbox\/orders)(\/|$)/;

export interface SecurityHeadersOptions {
  /** This server's origin, under which images are answered (PUBLIC_URL; unset: the request's). */
  publicUrl: string | undefined;
  /** Other origins with pages of the store: they may frame the sandbox's payment page. */
  publicOrigins: readonly string[];
  /** Whose Checkout the pages load. */
  paymentProvider: PaymentProviderName;
}

/** Response headers as `[name, value]` pairs, the same for every request they are sent on. */
export type HeaderList = readonly (readonly [string, string])[];

/** Helmet's headers for each kind of answer. */
export interface SecurityHeaders {
  /** Of answers with data of someone's: the API's JSON, the sandbox's orders. */
  data: HeaderList;
  /** Of files and pages: pictures, scripts, the storefront. */
  files: HeaderList;
  /** Of the sandbox's payment page, which the store's pages frame. */
  framedPage: HeaderList;
}

/**
 * The headers helmet sets with `options`, worked out once: with no per-request directive (a
 * nonce), none depends on the request, so every answer sends the same list.
 */
function helmetHeaders(options: HelmetOptions): HeaderList {
  const headers: [string, string][] = [];
  const response = {
    setHeader: (name: string, value: string | number) => headers.push([name, String(value)]),
    removeHeader: () => undefined,
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Helmet's headers: a CSP that runs only this server's scripts (and the payment provider's
 * Checkout), `frame-ancestors 'none'` except on the sandbox's payment page (framed by the store's
 * pages), `nosniff`, a referrer policy. Files (pictures, scripts, pages) may be used by other
 * origins' pages; data answers only by this origin's.
 */
export function securityHeaderLists(options: SecurityHeadersOptions): SecurityHeaders {
  const https = options.publicUrl?.startsWith('https:') ?? false;
  const publicUrl = options.publicUrl ? [options.publicUrl] : [];
  const checkout =
    options.paymentProvider === 'razorpay'
      ? RAZORPAY_CHECKOUT
      : { scripts: [], frames: [], connects: [] };
  const headers = (framedBy: readonly string[] | null, resources: 'same-origin' | 'cross-origin') =>
    helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          objectSrc: ["'none'"],
          formAction: ["'self'"],
          scriptSrc: ["'self'", ...checkout.scripts],
          scriptSrcAttr: ["'none'"],
          // React's and notistack's (goober's) styles are written into the page at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          // The framing store's logo shows on the payment page.
          imgSrc: ["'self'", 'data:', 'blob:', ...publicUrl, ...(framedBy ?? [])],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", ...checkout.connects],
          frameSrc: ["'self'", ...checkout.frames],
          frameAncestors: framedBy ? ["'self'", ...framedBy] : ["'none'"],
          ...(https && { upgradeInsecureRequests: [] }),
        },
      },
      // Checkout's bank and UPI windows report back to the page that opened them.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      crossOriginResourcePolicy: { policy: resources },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: https && { maxAge: 365 * 24 * 60 * 60, includeSubDomains: false },
      // CSP's frame-ancestors says it for browsers that know it; this for those that do not.
      xFrameOptions: framedBy ? false : { action: 'deny' },
    });
  return {
    data: headers(null, 'same-origin'),
    files: headers(null, 'cross-origin'),
    framedPage: headers(options.publicOrigins, 'cross-origin'),
  };
}

/** Sets on every answer the security headers of its kind (securityHeaderLists). */
export function securityHeaders(lists: SecurityHeaders): Middleware<AppState, AppContext> {
  return (ctx, next) => {
    const headers =
      ctx.path === FRAMED_PAGE ? lists.framedPage : DATA.test(ctx.path) ? lists.data : lists.files;
    for (const [name, value] of headers) ctx.res.setHeader(name, value);
    return next();
  };
}
