/**
 * Uploaded images are stored once per width as `<key>-<width>.webp`; a product's `image` list
 * holds the URL of the widest one, and clients derive the smaller ones for `srcset`.
 */
export const IMAGE_WIDTHS = [200, 400, 800] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

const WIDEST = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1] as ImageWidth;
const SIZED = /-(\d+)\.webp$/;

/** The URL of the stored image `key` at `width` (default: the widest), under `base`. */
export function imageUrl(base: string, key: string, width: ImageWidth = WIDEST): string {
  return `${base}/${key}-${width}.webp`;
}

/** A `srcset` value listing every stored width of `url`, or `url` alone when it is not one of ours. */
export function imageSrcSet(url: string): string {
  if (!SIZED.test(url)) return url;
  return IMAGE_WIDTHS.map((width) => `${url.replace(SIZED, `-${width}.webp`)} ${width}w`).join(
    ', ',
  );
}
