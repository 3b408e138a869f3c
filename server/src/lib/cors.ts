import cors from '@koa/cors';
import type { Middleware } from 'koa';
import type { AppContext, AppState } from './context.js';

/** What another origin's page may send besides CORS's safelisted headers. */
const ALLOWED_HEADERS = ['Content-Type', 'Idempotency-Key'];

/** What other origins call: the API and the pictures (Socket.IO answers its own CORS). */
const CORS_PATHS = /^\/(api|uploads)\//;

/**
 * CORS with credentials for exactly `publicOrigins` (a storefront or app served elsewhere):
 * their preflights are answered, their answers readable; every other origin gets no CORS header,
 * so its pages can read nothing. `Vary: Origin` always, for caches — but only on the API and
 * pictures: on the app's own files it would make the agent app's offline cache miss them.
 */
export function corsForPublicOrigins(
  publicOrigins: readonly string[],
): Middleware<AppState, AppContext> {
  const allowed = new Set(publicOrigins);
  const answer: Middleware<AppState, AppContext> = cors({
    origin: (ctx) => (allowed.has(ctx.get('Origin')) ? ctx.get('Origin') : ''),
    credentials: true,
    allowHeaders: ALLOWED_HEADERS,
    // A 429's wait, for the other origin's page to say it.
    exposeHeaders: ['Retry-After'],
    // Browsers cap it lower (Chromium: 2 h); the list changes only with a restart anyway.
    maxAge: 7200,
  });
  return (ctx, next) => (CORS_PATHS.test(ctx.path) ? answer(ctx, next) : next());
}
