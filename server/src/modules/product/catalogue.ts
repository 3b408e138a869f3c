import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type {
  Product,
  ProductListAnswer,
  ProductPageAnswer,
  ProductSearchQuery,
} from '@kirana/shared';
import type { MikroORM } from '@mikro-orm/postgresql';
import { LRUCache } from 'lru-cache';
import type { CacheInvalidations } from '../../lib/cache-invalidations.js';
import { EncodedAnswer } from '../../lib/precompressed.js';
import { presentProduct } from './product.presenter.js';
import { listProducts } from './product.service.js';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** The whole catalogue as answered, ready to send as it is. */
export interface CatalogueSnapshot {
  /** The DTOs from @kirana/shared, as presentProduct gives them. */
  products: readonly Product[];
  /** The exact bytes of `{ success: true, products }` (ProductListAnswer). */
  json: Buffer;
  gzip: Buffer;
  brotli: Buffer;
  /** A strong ETag, quoted: the same bytes give the same tag on every instance. */
  etag: string;
}

/** Reads the catalogue as answered with pictures under `publicUrl`. */
export type CatalogueReader = (publicUrl: string | undefined) => Promise<Product[]>;

/**
 * Snapshots kept at most, one per origin the pictures are named under: without PUBLIC_URL that
 * is each request's own among this machine's addresses (any other Host header gets the default).
 */
export const CATALOGUE_ORIGINS = 8;

/**
 * Bytes held at most in answers kept until the catalogue changes (the storefront's searches and
 * pages): estimated while one is read, then its bytes and each coding of them made.
 */
export const KEPT_ANSWER_BYTES = 24 * 1024 * 1024;

/** A kept search's bytes while it is read, estimated by its page's size. */
const SEARCH_BYTES_PER_PRODUCT = 1500;

interface Kept {
  generation: number;
  snapshot: Promise<CatalogueSnapshot>;
}

/**
 * The catalogue in memory (`GET /api/product/list`, the storefront's pages): one snapshot per
 * origin, built on the first request after a change (lazily: a seller switching twenty products
 * in a row costs one read, not twenty) and shared by the requests that arrive while it is built.
 */
export class Catalogue {
  private readonly kept: LRUCache<string, Kept>;
  private readonly answers = new LRUCache<string, { bytes: number; answer: Promise<unknown> }>({
    maxSize: KEPT_ANSWER_BYTES,
    sizeCalculation: ({ bytes }) => bytes,
  });
  /** Bumped by every change: a snapshot of an earlier generation is never answered again. */
  private generation = 0;

  constructor(
    private readonly invalidations: CacheInvalidations,
    private readonly read: CatalogueReader,
    origins = CATALOGUE_ORIGINS,
  ) {
    this.kept = new LRUCache({ max: origins });
    invalidations.subscribe((invalidation) => {
      if (invalidation.type === 'catalogue' || invalidation.type === 'everything') {
        this.invalidate();
      }
    });
  }

  /** The catalogue of the database that `orm` opens. */
  static of(orm: MikroORM, invalidations: CacheInvalidations): Catalogue {
    return new Catalogue(invalidations, async (publicUrl) =>
      (await listProducts(orm.em.fork())).map((product) => presentProduct(product, publicUrl)),
    );
  }

  /**
   * The catalogue as of the last change, pictures under `publicUrl`.
   * @throws what reading the database throws (the next call tries again).
   */
  snapshot(publicUrl: string | undefined): Promise<CatalogueSnapshot> {
    const key = publicUrl ?? '';
    const kept = this.kept.get(key);
    if (kept?.generation === this.generation) return kept.snapshot;
    const entry: Kept = { generation: this.generation, snapshot: this.build(publicUrl) };
    // While other instances' changes cannot be heard, every request reads anew.
    if (this.invalidations.heard) this.kept.set(key, entry);
    entry.snapshot.catch(() => {
      if (this.kept.peek(key) === entry) this.kept.delete(key);
    });
    return entry.snapshot;
  }

  /**
   * The storefront's search for `query` (pictures under `publicUrl`) as of the last change: what
   * `read` answers, read once and shared by the requests that ask the same while it is read, kept
   * as its bytes.
   */
  searched(
    { q, category, inStock, page, limit }: ProductSearchQuery,
    publicUrl: string | undefined,
    read: () => Promise<ProductPageAnswer>,
  ): Promise<EncodedAnswer> {
    const key = ['search', publicUrl, q, category?.toLowerCase(), inStock, page, limit];
    return this.remembered(JSON.stringify(key), limit * SEARCH_BYTES_PER_PRODUCT, async () =>
      EncodedAnswer.json(await read()),
    );
  }

  /**
   * What `read` answers for `key` (named by the caller's kind first: 'search', 'page' …) as of
   * the last change of the catalogue, read once and shared by the requests that ask meanwhile;
   * `bytes` is about how much it holds while it is read (an EncodedAnswer is then counted by its
   * bytes, and again as codings of it are made). An answer that fails, or that `keep` refuses
   * (one made while something failed), is not kept.
   */
  remembered<T>(
    key: string,
    bytes: number,
    read: () => Promise<T>,
    keep: (answer: T) => boolean = () => true,
  ): Promise<T> {
    const kept = this.answers.get(key);
    if (kept) return kept.answer as Promise<T>;
    const answer = read();
    const entry = { bytes, answer };
    // While other instances' changes cannot be heard, every request reads anew.
    if (this.invalidations.heard) this.answers.set(key, entry);
    const forget = () => {
      if (this.answers.peek(key) === entry) this.answers.delete(key);
    };
    answer.then((value) => {
      if (!keep(value)) return forget();
      const encoded = value;
      if (encoded instanceof EncodedAnswer) {
        // Set again to be counted anew (the cache counts an entry's size when it is set).
        const recount = () => {
          if (this.answers.peek(key) !== entry) return;
          entry.bytes = encoded.bytes;
          this.answers.delete(key);
          this.answers.set(key, entry);
        };
        encoded.grown = recount;
        recount();
      }
    }, forget);
    return answer;
  }

  /**
   * Forgets every snapshot and kept answer, including any being read (they still answer those
   * waiting on them).
   */
  invalidate(): void {
    this.generation += 1;
    this.answers.clear();
  }

  private async build(publicUrl: string | undefined): Promise<CatalogueSnapshot> {
    const products = await this.read(publicUrl);
    const json = Buffer.from(
      JSON.stringify({ success: true, products } satisfies ProductListAnswer),
    );
    // Middling levels: built at every change and for every origin asked about, and the highest
    // (brotli 11) would cost ~50 times the time for a few per cent fewer bytes.
    const [gzip, br] = await Promise.all([
      gzipped(json, { level: 9 }),
      brotli(json, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: 6,
          [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
          [zlib.BROTLI_PARAM_SIZE_HINT]: json.length,
        },
      }),
    ]);
    const etag = `"${createHash('sha256').update(json).digest('base64url')}"`;
    return Object.freeze({ products: Object.freeze(products), json, gzip, brotli: br, etag });
  }
}

declare module '../../lib/context.js' {
  interface AppContext {
    /** The catalogue in memory: `await ctx.catalogue.snapshot(ctx.publicUrl)`. */
    catalogue: Catalogue;
  }
}
