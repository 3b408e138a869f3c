const MAX_NAME_LENGTH = 255;
/** A name segment: no empty, `.` or `..` segment, no hidden file, nothing a URL or shell treats specially. */
const NAME_SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/**
 * Whether `name` may name an image of a store: slash-separated segments of letters, digits, `.`,
 * `_` and `-`, none starting with a dot, at most 255 characters. Request paths are held to it
 * before any store sees them, so no store has to guard against traversal on its own.
 */
export function isImageName(name: string): boolean {
  return name.length <= MAX_NAME_LENGTH && name.split('/').every((part) => NAME_SEGMENT.test(part));
}

/** @throws Error when `name` is not an image name: store names are the server's own. */
export function assertImageName(name: string): void {
  if (!isImageName(name)) throw new Error(`not an image name: ${JSON.stringify(name)}`);
}

/** The content type of each picture extension a store holds (the stores write WebP). */
const PICTURE_TYPES = new Map([
  ['.webp', 'image/webp'],
  ['.avif', 'image/avif'],
  ['.png', 'image/png'],
  ['.jpg', 'image/jpeg'],
  ['.jpeg', 'image/jpeg'],
]);

/** Says which picture extensions are accepted, for a refusal. */
export const PICTURE_EXTENSIONS = [...PICTURE_TYPES.keys()];

/**
 * The content type of the picture `name`: an image name with a picture's extension. Undefined
 * for any other file, which no store serves (an HTML or script file would run as the shop's).
 */
export function pictureType(name: string): string | undefined {
  if (!isImageName(name)) return undefined;
  const dot = name.lastIndexOf('.');
  return dot === -1 ? undefined : PICTURE_TYPES.get(name.slice(dot).toLowerCase());
}
