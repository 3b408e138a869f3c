/** A stored picture's path as answered: absolute under `publicUrl` (this server's origin) when there is one. */
export const absoluteUrl = (image: string, publicUrl: string | undefined): string =>
  publicUrl ? new URL(image, publicUrl).href : image;
