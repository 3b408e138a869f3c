import { SIGNED_IN_HINT_COOKIE } from '@kirana/shared';
import { serverOrigin } from '../../../lib/server-origin';

/**
 * Whether a shopper may be logged in in this browser, so that asking the server is worth it:
 * false only when the page's own server, which sets the readable hint cookie beside the
 * session, has left none. Pages served from another origin cannot read it and always ask.
 */
export function mayBeSignedIn(
  cookies: string | undefined = globalThis.document?.cookie,
  origin: string = serverOrigin,
): boolean {
  if (origin !== '' || cookies === undefined) return true;
  return cookies.split(/;\s*/).some((cookie) => cookie.startsWith(`${SIGNED_IN_HINT_COOKIE}=`));
}
