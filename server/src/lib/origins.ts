import { getDomain } from 'tldts';

/**
 * The site of an origin as browsers judge SameSite cookies: its scheme and registrable domain
 * (public suffix list, private suffixes included, so two github.io pages are two sites); an IP
 * address or a name with no public suffix (localhost) is its own site. Ports do not count.
 */
export function siteOf(origin: string): string {
  const url = new URL(origin);
  const host = url.hostname;
  return `${url.protocol}//${getDomain(host, { allowPrivateDomains: true }) ?? host}`;
}

/** Whether `a` and `b` (bare origins) are the same site: e.g. two ports, or shop. and www. */
export function sameSite(a: string, b: string): boolean {
  return siteOf(a) === siteOf(b);
}

/**
 * Whether a browser would withhold SameSite=Lax session cookies from some of `publicOrigins`'
 * calls to the server at `publicUrl`: then they must be SameSite=None (and so Secure).
 */
export function anotherSite(publicUrl: string, publicOrigins: readonly string[]): boolean {
  return publicOrigins.some((origin) => !sameSite(origin, publicUrl));
}

/**
 * Whether a browser page of `origin` may act with the session cookies: this server's own
 * (`publicUrl`, or the `host` the request was addressed to, whichever scheme a proxy in front
 * took) or a PUBLIC_ORIGINS entry.
 */
export function trustedOrigin(
  origin: string,
  server: { publicUrl: string; publicOrigins: readonly string[]; host: string | undefined },
): boolean {
  if (origin === server.publicUrl || server.publicOrigins.includes(origin)) return true;
  try {
    return new URL(origin).host === server.host;
  } catch {
    return false;
  }
}
