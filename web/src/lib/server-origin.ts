import { parseOrigin } from '@kirana/shared';

/*
 * Where the store's server is. The built pages carry `<meta name="kirana-api" content="">`:
 * empty, the server that served the page answers the API, the socket and the images (as `npm
 * start` does); an origin such as `https://api.example.in`, the pages run from anywhere else
 * against that server, which must list their origin in `PUBLIC_ORIGINS` (README, "Serving the
 * storefront from another origin").
 */

export const SERVER_META_NAME = 'kirana-api';

/**
 * The server origin written in the meta tag: '' when the tag is absent or empty (the page's own
 * origin), else the http(s) origin without a trailing slash.
 * @throws Error naming the tag when `content` is anything but an http(s) origin.
 */
export function parseServerOrigin(content: string | null | undefined): string {
  const text = content?.trim() ?? '';
  if (text === '') return '';
  // Paths, queries and credentials would be dropped silently by the socket and the API paths.
  const origin = parseOrigin(text);
  if (origin === null) {
    throw new Error(
      `<meta name="${SERVER_META_NAME}"> must be empty or an http(s) origin such as https://api.example.in, not "${text}"`,
    );
  }
  return origin;
}

/** The meta tag's server origin in `page`, or '' outside a browser page (unit tests). */
export function readServerOrigin(
  page: Pick<Document, 'querySelector'> | undefined = globalThis.document,
): string {
  const meta = page?.querySelector<HTMLMetaElement>(`meta[name="${SERVER_META_NAME}"]`);
  return parseServerOrigin(meta?.content);
}

/** This page's server origin, read once: '' when the page's own origin is the server. */
export const serverOrigin: string = readServerOrigin();

/**
 * The URL of `path` (such as `/api/product/list` or `/uploads/…`) on the store's server. Anything
 * not a root-relative path, such as an image the server answered as an absolute URL, is kept as
 * given.
 */
export function serverUrl(path: string, origin: string = serverOrigin): string {
  if (!path.startsWith('/') || path.startsWith('//')) return path;
  return origin + path;
}
