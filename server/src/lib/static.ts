import path from 'node:path';
import { send } from '@koa/send';
import type { Middleware } from 'koa';
import type { AppContext, AppState } from './context.js';

export const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * The built web app: hashed assets cached for a year, any other GET that is not an API call gets
 * its page (agents.html under /agents, else index.html) so client-side routes (/cart,
 * /seller/orders, /agents/delivered …) load on refresh.
 */
export function serveWebApp(root: string): Middleware<AppState, AppContext> {
  const reserved = /^\/(api|uploads|socket\.io|payments)(\/|$)/;
  return async (ctx, next) => {
    if (!['GET', 'HEAD'].includes(ctx.method) || reserved.test(ctx.path)) return next();
    const asset = ctx.path.startsWith('/assets/');
    const file = ctx.path === '/' ? 'index.html' : ctx.path.slice(1);
    if (await sendIfExists(ctx, file, { root, maxage: asset ? ONE_YEAR_MS : 0, immutable: asset }))
      return;
    if (asset || path.extname(ctx.path)) return next();
    ctx.set('Cache-Control', 'no-cache');
    // The agents' phone app is a page of its own; every other client route is the main app's.
    const page = /^\/agents(\/|$)/.test(ctx.path) ? 'agents.html' : 'index.html';
    if (!(await sendIfExists(ctx, page, { root }))) {
      ctx.status = 503;
      ctx.body = 'The web app is not built yet: run `npm run build`.';
    }
  };
}

/** Sends `file` from `options.root`; answers false when there is no such file. */
export async function sendIfExists(
  ctx: Parameters<typeof send>[0],
  file: string,
  options: Parameters<typeof send>[2],
): Promise<boolean> {
  // send throws a plain Error (a 500) for an empty name, e.g. that of GET /uploads/.
  if (!file) return false;
  try {
    await send(ctx, file, options);
    return true;
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === 404 || status === 400 || status === 403) return false;
    throw error;
  }
}
