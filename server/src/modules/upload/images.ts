import { IMAGE_WIDTHS, imageUrl } from '@kirana/shared';
import sharp from 'sharp';
import type { ImageStore } from './image-store.js';

const WEBP = { quality: 80, effort: 4 } as const;

/**
 * Re-encodes `source` (any format sharp reads, SVG included) to WebP at every served width and
 * stores each as `<key>-<width>.webp`. Returns the URL of the widest, as products list it.
 */
export async function storeImage(store: ImageStore, key: string, source: Buffer): Promise<string> {
  await Promise.all(
    IMAGE_WIDTHS.map(async (width) => {
      const data = await sharp(source)
        .resize({ width, height: width, fit: 'inside', withoutEnlargement: false })
        .webp(WEBP)
        .toBuffer();
      await store.put(`${key}-${width}.webp`, data);
    }),
  );
  return imageUrl(store.baseUrl, key);
}

/** Stores `source` once, as `<name>` at `width` pixels square. */
export async function storeSquareImage(
  store: ImageStore,
  name: string,
  source: Buffer,
  width: number,
): Promise<void> {
  const data = await sharp(source)
    .resize({ width, height: width, fit: 'inside' })
    .webp(WEBP)
    .toBuffer();
  await store.put(name, data);
}
