import { randomBytes } from 'node:crypto';
import { access, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { ParameterizedContext } from 'koa';
import type { AppContext, AppState } from '../../lib/context.js';
import { ONE_YEAR_MS, sendIfExists } from '../../lib/static.js';
import { assertImageName, isImageName, pictureType } from '../../lib/image-name.js';

/**
 * Where uploaded and rendered images live: files under DATA_DIR/uploads on one machine, the
 * database with several instances. An S3-compatible store fits the same shape.
 */
export interface ImageStore {
  /** Public URL prefix the web server answers for this store. */
  readonly baseUrl: string;
  /**
   * Stores `data` as `name`, replacing what was there.
   * @throws Error when `name` is not an image name (see lib/image-name.ts).
   */
  put(name: string, data: Buffer): Promise<void>;
  has(name: string): Promise<boolean>;
  /**
   * Removes the image `name`; nothing when there is none.
   * @throws Error when `name` is not an image name.
   */
  remove(name: string): Promise<void>;
  /**
   * Answers a GET or HEAD of the image `name` (an image name, see lib/image-name.ts): its bytes with a year's
   * immutable cache and an ETag, or 304 when the client holds them. False when there is none.
   */
  send(ctx: RequestContext, name: string): Promise<boolean>;
}

export type RequestContext = ParameterizedContext<AppState, AppContext>;

/** Files under `root` (DATA_DIR/uploads), served at `/uploads`. */
export class LocalImageStore implements ImageStore {
  readonly baseUrl = '/uploads';

  constructor(readonly root: string) {}

  async put(name: string, data: Buffer): Promise<void> {
    const file = this.resolve(name);
    await mkdir(path.dirname(file), { recursive: true });
    // Written aside then renamed, so a reader never sees half a file.
    const partial = `${file}.${randomBytes(4).toString('hex')}.partial`;
    await writeFile(partial, data);
    await rename(partial, file);
  }

  async has(name: string): Promise<boolean> {
    return access(this.resolve(name)).then(
      () => true,
      () => false,
    );
  }

  async remove(name: string): Promise<void> {
    await rm(this.resolve(name), { force: true });
  }

  /** Answers pictures only: any other file put in the folder is not found. */
  async send(ctx: RequestContext, name: string): Promise<boolean> {
    if (!pictureType(name)) return false;
    const sent = await sendIfExists(ctx, name, {
      root: this.root,
      maxage: ONE_YEAR_MS,
      immutable: true,
      // Weak, as a file's size and time stand for its bytes (serve-static's choice).
      setHeaders: (res, _file, stats) =>
        res.setHeader(
          'ETag',
          `W/"${stats.size.toString(16)}-${stats.mtime.getTime().toString(16)}"`,
        ),
    });
    if (sent && ctx.fresh) {
      (ctx.body as Readable).destroy();
      ctx.status = 304;
    }
    return sent;
  }

  /** The image names under `root` (none when there is no such folder), for copying elsewhere. */
  async names(): Promise<string[]> {
    const entries = await readdir(this.root, { recursive: true, withFileTypes: true }).catch(
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      },
    );
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(this.root, path.join(entry.parentPath, entry.name)))
      .map((name) => name.split(path.sep).join('/'))
      .filter(isImageName)
      .filter((name) => !name.endsWith('.partial'));
  }

  read(name: string): Promise<Buffer> {
    return readFile(this.resolve(name));
  }

  private resolve(name: string): string {
    assertImageName(name);
    return path.join(this.root, name);
  }
}
