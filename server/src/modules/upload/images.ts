import { IMAGE_WIDTHS, imageUrl } from '@kirana/shared';
import type { ImageStore } from './image-store.js';

const WEBP = { quality: 80, effort: 4 } as const;

/**
 * sharp, loaded with the first picture read: libvips added ~8 MB to the idle server's resident
 * memory (bench/README.md, "A real shop's catalogue"), which a server that has read no picture
 * since it started need not hold.
 */
export const loadSharp = () => import('sharp').then((module) => module.default);

const widthsOf = (key: string) =>
  IMAGE_WIDTHS.map((width) => ({ width, name: `${key}-${width}.webp` }));

/**
 * Re-encodes `source` (any format sharp reads, SVG included) to WebP at every served width and
 * stores each as `<key>-<width>.webp`. Returns the URL of the widest, as products list it.
 * @throws what encoding or the store throws, once every width has been tried (none is still
 * being written, so {@link removeImage} then leaves nothing behind).
 */
export async function storeImage(store: ImageStore, key: string, source: Buffer): Promise<string> {
  const sharp = await loadSharp();
  const results = await Promise.allSettled(
    widthsOf(key).map(async ({ width, name }) => {
      const data = await sharp(source)
        .resize({ width, height: width, fit: 'inside', withoutEnlargement: false })
        .webp(WEBP)
        .toBuffer();
      await store.put(name, data);
    }),
  );
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  return imageUrl(store.baseUrl, key);
}

/** Removes every width {@link storeImage} stores under `key` (one it never stored is no error). */
export async function removeImage(store: ImageStore, key: string): Promise<void> {
  await Promise.all(widthsOf(key).map(({ name }) => store.remove(name)));
}

/** Stores `source` once, as `<name>` at `width` pixels square. */
export async function storeSquareImage(
  store: ImageStore,
  name: string,
  source: Buffer,
  width: number,
): Promise<void> {
  const sharp = await loadSharp();
  const data = await sharp(source)
    .resize({ width, height: width, fit: 'inside' })
    .webp(WEBP)
    .toBuffer();
  await store.put(name, data);
}
