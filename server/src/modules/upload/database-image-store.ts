import { createHash } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { LRUCache } from 'lru-cache';
import { ONE_YEAR_MS } from '../../lib/static.js';
import { assertImageName, pictureType } from '../../lib/image-name.js';
import type { ImageStore, LocalImageStore, RequestContext } from './image-store.js';
import { StoredImageSchema } from './stored-image.entity.js';

const CACHE_CONTROL = `public, max-age=${ONE_YEAR_MS / 1000}, immutable`;

/**
 * Memory for the most requested pictures of one instance: every visitor of the home page asks
 * for the same few dozen, and each would otherwise be a query carrying its bytes.
 */
export const DEFAULT_CACHE_BYTES = 32 * 1024 * 1024;

/** What an answer needs of a stored picture; `bytes` absent when only its headers were read. */
interface Picture {
  etag: string;
  contentType: string;
  size: number;
  bytes?: Buffer;
}

type LoadedPicture = Picture & { bytes: Buffer };

/**
 * Pictures in the `stored_images` table, so that every instance sharing the database serves
 * every picture (UPLOADS=database). Names never change content (new pictures get new names),
 * which is what lets browsers keep them for a year, and this instance keep hot ones in memory.
 */
export class DatabaseImageStore implements ImageStore {
  readonly baseUrl = '/uploads';
  /** Least recently used pictures leave first, once their bytes pass the budget. */
  private readonly cache: LRUCache<string, LoadedPicture> | undefined;
  /** Reads under way, so that a burst of requests for one picture is one query. */
  private readonly loading = new Map<string, Promise<LoadedPicture | undefined>>();

  /** @param options.cacheBytes memory for hot pictures (0: none). */
  constructor(
    private readonly orm: MikroORM,
    options: { cacheBytes?: number } = {},
  ) {
    const budget = options.cacheBytes ?? DEFAULT_CACHE_BYTES;
    this.cache =
      budget > 0
        ? new LRUCache({
            maxSize: budget,
            sizeCalculation: (picture) => Math.max(picture.bytes.length, 1),
            // One big picture must not push out dozens of small hot ones.
            maxEntrySize: budget / 16,
          })
        : undefined;
  }

  /** @throws Error for a name that is no image name or has no picture type's extension. */
  async put(name: string, data: Buffer): Promise<void> {
    assertImageName(name);
    const contentType = pictureType(name);
    if (!contentType) throw new Error(`not a picture's name: ${JSON.stringify(name)}`);
    await this.orm.em.fork().upsert(
      StoredImageSchema,
      {
        name,
        bytes: data,
        contentType,
        etag: createHash('sha256').update(data).digest('base64url'),
        size: data.length,
        createdAt: new Date(),
      },
      { onConflictExcludeFields: ['createdAt'] },
    );
    this.cache?.delete(name);
  }

  async has(name: string): Promise<boolean> {
    assertImageName(name);
    return (await this.orm.em.fork().count(StoredImageSchema, { name })) > 0;
  }

  async remove(name: string): Promise<void> {
    assertImageName(name);
    await this.orm.em.fork().nativeDelete(StoredImageSchema, { name });
    this.cache?.delete(name);
  }

  async send(ctx: RequestContext, name: string): Promise<boolean> {
    let picture: Picture | undefined = this.cache?.get(name);
    // A plain GET needs the bytes; HEAD and revalidations usually need only the headers.
    if (!picture) {
      const headersFirst = ctx.method === 'HEAD' || ctx.get('If-None-Match') !== '';
      picture = await (headersFirst ? this.head(name) : this.load(name));
    }
    if (!picture) return false;
    ctx.status = 200;
    ctx.set('ETag', `"${picture.etag}"`);
    ctx.set('Cache-Control', CACHE_CONTROL);
    // Koa's `fresh`: If-None-Match against the ETag (weakly, lists, `*`, unless no-cache).
    if (ctx.fresh) {
      ctx.status = 304;
      return true;
    }
    if (ctx.method === 'GET' && !picture.bytes) {
      picture = await this.load(name);
      if (!picture) {
        ctx.status = 404;
        return false;
      }
    }
    ctx.type = picture.contentType;
    if (picture.bytes) ctx.body = picture.bytes;
    else ctx.length = picture.size;
    return true;
  }

  /**
   * Copies the pictures of `files` that this store lacks, e.g. those of a shop that ran on one
   * machine before it ran several instances. Answers how many it copied.
   */
  async copyFrom(files: LocalImageStore): Promise<number> {
    const names = await files.names();
    let copied = 0;
    for (let start = 0; start < names.length; start += 500) {
      const batch = names.slice(start, start + 500);
      const present = await this.orm.em
        .fork()
        .find(StoredImageSchema, { name: { $in: batch } }, { fields: ['name'] });
      const have = new Set(present.map((row) => row.name));
      for (const name of batch) {
        if (have.has(name) || !pictureType(name)) continue;
        await this.put(name, await files.read(name));
        copied += 1;
      }
    }
    return copied;
  }

  private async head(name: string): Promise<Picture | undefined> {
    const row = await this.orm.em
      .fork()
      .findOne(StoredImageSchema, { name }, { fields: ['etag', 'contentType', 'size'] });
    return row ? { etag: row.etag, contentType: row.contentType, size: row.size } : undefined;
  }

  private load(name: string): Promise<LoadedPicture | undefined> {
    let loading = this.loading.get(name);
    if (!loading) {
      loading = this.read(name).finally(() => this.loading.delete(name));
      this.loading.set(name, loading);
    }
    return loading;
  }

  private async read(name: string): Promise<LoadedPicture | undefined> {
    const row = await this.orm.em
      .fork()
      .findOne(StoredImageSchema, { name }, { fields: ['bytes', 'etag', 'contentType', 'size'] });
    if (!row) return undefined;
    const picture = {
      etag: row.etag,
      contentType: row.contentType,
      size: row.size,
      // bytea arrives as a Buffer; the property's type also admits a plain Uint8Array.
      bytes: Buffer.isBuffer(row.bytes)
        ? row.bytes
        : Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength),
    };
    this.cache?.set(name, picture);
    return picture;
  }
}
