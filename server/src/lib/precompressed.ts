import type { ParameterizedContext } from 'koa';
import Negotiator from 'negotiator';
import type { AppContext, AppState } from './context.js';
import { LRUCache } from 'lru-cache';

type Ctx = ParameterizedContext<AppState, AppContext>;

/** One answer held ready in each content coding, e.g. the catalogue snapshot's. */
export interface PrecompressedBody {
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

export type ContentCoding = keyof PrecompressedBody;

/** Ours, best first: between codings a client accepts equally, the smallest wins. */
const CODINGS: readonly ContentCoding[] = ['br', 'gzip', 'identity'];

/**
 * The coding to answer a request with `acceptEncoding` in (its Accept-Encoding header): the one
 * it weighs highest (q=0: refused), ours breaking ties. Without the header: identity. When it
 * refuses every one (`identity;q=0`), identity still: RFC 9110 lets a server disregard the
 * header rather than answer 406.
 */
export function chooseCoding(acceptEncoding: string | undefined): ContentCoding {
  const header = acceptEncoding ?? '';
  let chosen = CHOSEN.get(header);
  if (chosen === undefined) {
    const best = new Negotiator({ headers: { 'accept-encoding': header } }).encoding(CODINGS, {
      preferred: CODINGS,
    });
    chosen = (best as ContentCoding | undefined) ?? 'identity';
    CHOSEN.set(header, chosen);
  }
  return chosen;
}

/** The choice for each Accept-Encoding lately seen: browsers send a handful of them. */
const CHOSEN = new LRUCache<string, ContentCoding>({ max: 64 });

/**
 * Answers a GET or HEAD with `body` in the coding the client takes best, or 304 Not Modified when
 * its If-None-Match names `etag`. Caches revalidate every time (`no-cache`): a change shows at
 * once, and an unchanged answer costs a 304 without a body.
 */
export function answerPrecompressed(
  ctx: Ctx,
  body: PrecompressedBody,
  { etag, type }: { etag: string; type: string },
): void {
  ctx.vary('Accept-Encoding');
  ctx.set('ETag', etag);
  ctx.set('Cache-Control', 'no-cache');
  // Already compressed: koa-compress must not spend time on it again.
  ctx.compress = false;
  ctx.status = 200;
  // Koa's `fresh`: If-None-Match names the ETag (`*`, a list, weakly compared).
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  const coding = chooseCoding(ctx.headers['accept-encoding']);
  if (coding !== 'identity') ctx.set('Content-Encoding', coding);
  ctx.set('Content-Type', type);
  ctx.body = body[coding];
}
