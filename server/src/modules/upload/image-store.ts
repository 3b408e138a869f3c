import { randomBytes } from 'node:crypto';
import { access, mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded and rendered images live. Local disk here; an S3-compatible store fits the same shape. */
export interface ImageStore {
  /** Public URL prefix the web server answers for this store. */
  readonly baseUrl: string;
  put(name: string, data: Buffer): Promise<void>;
  has(name: string): Promise<boolean>;
}

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

  private resolve(name: string): string {
    const file = path.resolve(this.root, name);
    if (!file.startsWith(this.root + path.sep))
      throw new Error(`image name escapes the store: ${name}`);
    return file;
  }
}
