import { createRequire } from 'node:module';

interface IconSet {
  width: number;
  height: number;
  icons: Record<string, { body: string; width?: number; height?: number }>;
}

const iconSet = createRequire(import.meta.url)('@iconify-json/fluent-emoji/icons.json') as IconSet;

/**
 * An SVG of Fluent Emoji's `name` drawing on a soft rounded tile of `background`, `size` pixels
 * square, ready for sharp to rasterise. Fluent Emoji is MIT-licensed and ships in the npm package.
 * @throws Error when the set has no such icon.
 */
export function iconTileSvg(name: string, background: string, size: number): Buffer {
  const icon = iconSet.icons[name];
  if (!icon) throw new Error(`no Fluent Emoji icon named "${name}"`);
  const width = icon.width ?? iconSet.width;
  const height = icon.height ?? iconSet.height;
  // The drawing fills 64 % of the tile, centred, like a packshot on a plain backdrop.
  const scale = (0.64 * 100) / Math.max(width, height);
  const dx = (100 - width * scale) / 2;
  const dy = (100 - height * scale) / 2;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">` +
      `<defs><radialGradient id="bg" cx="50%" cy="40%" r="70%">` +
      `<stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="${background}"/></radialGradient></defs>` +
      `<rect width="100" height="100" fill="url(#bg)"/>` +
      `<g transform="translate(${dx} ${dy}) scale(${scale})">${icon.body}</g></svg>`,
  );
}
