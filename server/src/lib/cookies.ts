import type Cookies from 'cookies';
import type { ParameterizedContext } from 'koa';
import type { AppContext, AppState } from './context.js';

/**
 * How every cookie of ours is set: httpOnly, SameSite=Lax, Secure over HTTPS; SameSite=None and
 * always Secure when another site's pages must send it (config refuses that without HTTPS).
 */
export function cookieOptions(ctx: ParameterizedContext<AppState, AppContext>): Cookies.SetOption {
  if (!ctx.crossSiteCookies) return { httpOnly: true, sameSite: 'lax', secure: ctx.secure };
  // Behind a proxy not trusted for X-Forwarded-Proto the cookies library would refuse Secure.
  ctx.cookies.secure = true;
  return { httpOnly: true, sameSite: 'none', secure: true };
}
