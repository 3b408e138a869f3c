import path from 'node:path';
import { IMPORT_LIMITS, MAX_IMAGE_BYTES } from '@kirana/shared';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { AppError } from '../../lib/errors.js';

/** The pictures of an import's .zip, read only once the rows have named them. */
export interface PictureArchive {
  /** The entry a row's picture name stands for (its file name, in any folder, any case). */
  find(name: string): Entry | 'ambiguous' | undefined;
  /**
   * The bytes of `entries`, unpacked one at a time.
   * @throws AppError TOO_LARGE when they come to more than IMPORT_LIMITS.unpackedBytes, or one is
   * larger than MAX_IMAGE_BYTES (as the .zip says, checked before unpacking; an entry that holds
   * more than it says fails as it is read).
   */
  read(entries: readonly Entry[]): Promise<Buffer[]>;
}

const keyOf = (name: string) => path.posix.basename(name.replace(/\\/g, '/')).toLowerCase();

/**
 * Reads the .zip's table of contents, not its contents.
 * @throws AppError INVALID for a file that is not a .zip; TOO_LARGE for more than
 * IMPORT_LIMITS.zipEntries entries.
 */
export async function openPictureArchive(zip: Buffer): Promise<PictureArchive> {
  let file: ZipFile;
  try {
    file = await yauzl.fromBufferPromise(zip, {
      lazyEntries: true,
      validateEntrySizes: true,
      strictFileNames: false,
    });
  } catch {
    throw new AppError('INVALID', 'images: the pictures must be a .zip file');
  }
  if (file.entryCount > IMPORT_LIMITS.zipEntries) {
    throw new AppError(
      'TOO_LARGE',
      `images: the .zip holds ${file.entryCount} files; at most ${IMPORT_LIMITS.zipEntries}`,
    );
  }
  const byName = new Map<string, Entry | 'ambiguous'>();
  try {
    for await (const entry of file.eachEntry()) {
      if (entry.fileName.endsWith('/') || entry.fileName.startsWith('__MACOSX/')) continue;
      const key = keyOf(entry.fileName);
      byName.set(key, byName.has(key) ? 'ambiguous' : entry);
    }
  } catch {
    throw new AppError('INVALID', 'images: the .zip cannot be read');
  }
  return {
    find: (name) => byName.get(keyOf(name)),
    async read(entries) {
      const total = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
      if (total > IMPORT_LIMITS.unpackedBytes) {
        throw new AppError(
          'TOO_LARGE',
          `images: the pictures named unpack to ${Math.ceil(total / 1024 / 1024)} MB; at most ${IMPORT_LIMITS.unpackedBytes / 1024 / 1024} MB`,
        );
      }
      const oversize = entries.find((entry) => entry.uncompressedSize > MAX_IMAGE_BYTES);
      if (oversize) {
        throw new AppError(
          'TOO_LARGE',
          `images: ${oversize.fileName} is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB`,
        );
      }
      const pictures: Buffer[] = [];
      for (const entry of entries) pictures.push(await unpack(file, entry));
      return pictures;
    },
  };
}

async function unpack(file: ZipFile, entry: Entry): Promise<Buffer> {
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of await file.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  } catch {
    // Among others: an entry that unpacks to more than its stated size (a zip bomb's lie).
    throw new AppError('INVALID', `images: ${entry.fileName} in the .zip cannot be unpacked`);
  }
}
