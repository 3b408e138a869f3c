import { getDomain } from 'tldts';

/**
 * `text` as a bare web origin (`https://shop.example.in`, `http://localhost:5173`): scheme, host
 * and port only, lower-cased and without a default port; null when it is anything else (a path,
 * a query, credentials, another scheme).
 */
export function parseOrigin(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  const bare =
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.pathname === '/' &&
    !url.search &&
    !url.hash &&
    !url.username &&
    !url.password &&
    // `new URL` drops an empty query or fragment marker; an origin has none.
    !/[?#]/.test(text);
  return bare ? url.origin : null;
}

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
