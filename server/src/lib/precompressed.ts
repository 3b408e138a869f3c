import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { ParameterizedContext } from 'koa';
import Negotiator from 'negotiator';
import type { AppContext, AppState } from './context.js';
import { LRUCache } from 'lru-cache';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

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

/**
 * `bytes` in memory of their own, to be kept: a slice of a larger block (what Buffer.from takes
 * from Node's shared 64 KB pool for a short text, what zlib and brotli answer out of their 64 KB
 * output chunk) keeps the whole block alive as long as it is kept.
 */
function ownBytes(bytes: Buffer): Buffer {
  if (bytes.byteLength === bytes.buffer.byteLength) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.byteLength);
  bytes.copy(own);
  return own;
}

/** Below this many bytes an answer leaves uncoded, as koa-compress's threshold in app.ts has it. */
const CODED_FROM = 1024;

/**
 * An answer kept as its bytes (JSON or HTML): each content coding is made the first time a client
 * asks for it, at koa-compress's levels (app.ts), and kept beside it, so that an answer asked
 * again costs neither serialising nor compressing. `grown` is told when a coding is added (the
 * cache holding it counts its bytes).
 */
export class EncodedAnswer {
  private readonly coded = new Map<Exclude<ContentCoding, 'identity'>, Promise<Buffer>>();
  private codedBytes = 0;
  readonly identity: Buffer;
  grown?: () => void;

  constructor(
    identity: Buffer,
    readonly type: 'json' | 'html',
    readonly status = 200,
  ) {
    this.identity = ownBytes(identity);
  }

  /** `value` as its JSON's bytes. */
  static json(value: unknown): EncodedAnswer {
    return new EncodedAnswer(Buffer.from(JSON.stringify(value)), 'json');
  }

  /** The JSON's value again, for an answer read in this process (a storefront page's). */
  value<T>(): T {
    return JSON.parse(this.identity.toString()) as T;
  }

  /** Bytes held: the answer and each coding of it made so far. */
  get bytes(): number {
    return this.identity.length + this.codedBytes;
  }

  /** The answer's bytes in `coding`, made once and shared by the requests that ask meanwhile. */
  in(coding: ContentCoding): Promise<Buffer> | Buffer {
    if (coding === 'identity') return this.identity;
    let made = this.coded.get(coding);
    if (!made) {
      made = (
        coding === 'gzip'
          ? gzipped(this.identity)
          : brotli(this.identity, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: 4,
                [zlib.BROTLI_PARAM_SIZE_HINT]: this.identity.length,
              },
            })
      ).then(ownBytes);
      this.coded.set(coding, made);
      made.then(
        (bytes) => {
          this.codedBytes += bytes.length;
          this.grown?.();
        },
        () => this.coded.delete(coding),
      );
    }
    return made;
  }
}

/**
 * Answers with `answer`'s status and bytes in the coding the client takes best (identity below
 * koa-compress's threshold).
 */
export async function answerEncoded(ctx: Ctx, answer: EncodedAnswer): Promise<void> {
  ctx.vary('Accept-Encoding');
  // Already coded: koa-compress must not spend time on it again.
  ctx.compress = false;
  const coding =
    answer.identity.length < CODED_FROM ? 'identity' : chooseCoding(ctx.headers['accept-encoding']);
  const body = await answer.in(coding);
  if (coding !== 'identity') ctx.set('Content-Encoding', coding);
  ctx.status = answer.status;
  ctx.type = answer.type;
  ctx.body = body;
}
