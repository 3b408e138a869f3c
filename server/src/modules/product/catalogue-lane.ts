import { randomUUID } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import fresh from 'fresh';
import { chooseCoding } from '../../lib/precompressed.js';
import type { RequestLine } from '../../lib/request-log.js';
import type { HeaderList } from '../../lib/security-headers.js';
import type { Catalogue, CatalogueSnapshot } from './catalogue.js';

const CATALOGUE = '/api/product/list';

export interface CatalogueLaneOptions {
  catalogue: Catalogue;
  /**
   * The origin a request's pictures are named under (PUBLIC_URL, or the one it was addressed
   * to), or null to leave the request to Koa (behind a proxy, whose forwarded headers Koa reads).
   */
  originOf: (req: IncomingMessage) => string | null;
  /** The security headers of a data answer (securityHeaderLists' `data`). */
  securityHeaders: HeaderList;
  /** The request log's line (requestLines). */
  logLine: RequestLine;
}

/**
 * `GET /api/product/list` answered ahead of Koa, straight from the catalogue snapshot: the
 * store's busiest call gives every visitor the same bytes, and through Koa's middleware a request
 * cost three times the CPU of sending them (bench/catalogue.mjs). The answer is Koa's own, header
 * for header (the security headers, `Vary`, the ETag, `no-cache`, the coding, a 304 for a
 * matching If-None-Match), with its X-Request-Id and its line in the request log;
 * catalogue-lane.test.ts holds the two answers together. Everything else goes on to Koa: other
 * paths, methods and query strings, and any request with an Origin (CORS answers those).
 */
export function catalogueLane(
  koa: RequestListener,
  options: CatalogueLaneOptions,
): RequestListener {
  const securityHeaders = options.securityHeaders.flat();
  return (req, res) => {
    const started = performance.now();
    if (
      req.url !== CATALOGUE ||
      (req.method !== 'GET' && req.method !== 'HEAD') ||
      req.headers.origin !== undefined
    ) {
      return koa(req, res);
    }
    const origin = options.originOf(req);
    if (origin === null) return koa(req, res);
    options.catalogue.snapshot(origin).then(
      (snapshot) => {
        const id = randomUUID();
        options.logLine(req, res, id, started);
        answer(req, res, snapshot, [...securityHeaders, 'X-Request-Id', id]);
      },
      // Koa answers what went wrong, as for any request.
      () => koa(req, res),
    );
  };
}

/** The snapshot in the coding `req` takes best, or 304 when it has the snapshot already. */
function answer(
  req: IncomingMessage,
  res: ServerResponse,
  snapshot: CatalogueSnapshot,
  headers: string[],
): void {
  headers.push(
    'Vary',
    'Accept-Encoding, Origin',
    'ETag',
    snapshot.etag,
    'Cache-Control',
    'no-cache',
  );
  if (fresh(req.headers, { etag: snapshot.etag })) {
    res.writeHead(304, headers).end();
    return;
  }
  const coding = chooseCoding(req.headers['accept-encoding']);
  const body =
    coding === 'br' ? snapshot.brotli : coding === 'gzip' ? snapshot.gzip : snapshot.json;
  if (coding !== 'identity') headers.push('Content-Encoding', coding);
  headers.push(
    'Content-Type',
    'application/json; charset=utf-8',
    'Content-Length',
    String(body.length),
  );
  res.writeHead(200, headers).end(req.method === 'HEAD' ? undefined : body);
}
