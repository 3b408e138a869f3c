import type { Middleware, ParameterizedContext } from 'koa';
import type { AppContext, AppState } from './context.js';
import { AppError } from './errors.js';
import { trustedOrigin } from './origins.js';

type Ctx = ParameterizedContext<AppState, AppContext>;

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Why a browser's request looks sent by another site's page, or null: an Origin that is not
 * allowed (`null` included), or no Origin while Sec-Fetch-Site says another site (or another
 * port of this host) sent it. Requests with neither header come from programs, not pages.
 */
function crossSiteReason(ctx: Ctx): string | null {
  const origin = ctx.get('Origin');
  if (origin) return trustedOrigin(origin, ctx) ? null : `from ${origin}`;
  const site = ctx.get('Sec-Fetch-Site');
  return site === 'cross-site' || site === 'same-site' ? 'from another site' : null;
}

/** @throws AppError FORBIDDEN when the request was sent by another site's page. */
function assertNotCrossSite(ctx: Ctx): void {
  const reason = crossSiteReason(ctx);
  if (reason) {
    throw new AppError(
      'FORBIDDEN',
      `Cross-site request refused: ${ctx.method} ${ctx.path} ${reason} is not allowed to act on this store`,
    );
  }
}

/**
 * Refuses (403) a state-changing request (POST, PUT, PATCH, DELETE) sent by another site's page:
 * with the visitor's cookies it would act as them (forged orders, addresses, logins).
 */
export function refuseCrossSiteRequests(): Middleware<AppState, AppContext> {
  return async (ctx, next) => {
    if (STATE_CHANGING.has(ctx.method)) assertNotCrossSite(ctx);
    await next();
  };
}

/**
 * For a GET route that changes state (the spec's logout): refused (403) when another site's page
 * or link sent it, so that a link elsewhere cannot sign a visitor out.
 */
export const refuseCrossSite: Middleware<AppState, AppContext> = async (ctx, next) => {
  assertNotCrossSite(ctx);
  await next();
};

/**
 * Request bodies are JSON, sent as `application/json`, which another site's form cannot send
 * without a CORS preflight; `multipart/form-data` only to routes that take uploads
 * (`acceptsMultipart`). Anything else with a body is refused (415) before it is read.
 */
export function requireJsonBodies(
  acceptsMultipart: (ctx: Ctx) => boolean,
): Middleware<AppState, AppContext> {
  return async (ctx, next) => {
    if (hasBody(ctx) && !ctx.is('application/json')) {
      if (!(ctx.is('multipart/form-data') && acceptsMultipart(ctx))) {
        throw new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          `${ctx.method} ${ctx.path} takes a JSON body: send it with Content-Type: application/json`,
        );
      }
    }
    await next();
  };
}

/** A body of at least one byte is on its way (an empty one, e.g. fetch's bodiless POST, is none). */
function hasBody(ctx: Ctx): boolean {
  const length = ctx.get('Content-Length');
  return length ? Number(length) > 0 : ctx.get('Transfer-Encoding') !== '';
}
