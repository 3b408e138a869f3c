import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { DRAWINGS } from './drawings.js';

interface IconSet {
  width: number;
  height: number;
  icons: Record<string, { body: string; width?: number; height?: number }>;
}

/**
 * Draws `name`, one of the shop's own drawings or else of Fluent Emoji, on a soft rounded tile of
 * `background`, `size` pixels square, as an SVG ready for sharp to rasterise.
 * @throws Error when neither has such a drawing.
 */
export type DrawIconTile = (name: string, background: string, size: number) => Buffer;

/**
 * Fluent Emoji's drawings (MIT-licensed, shipped in the npm package), read from the package
 * when something is to be drawn. The set is ~100 MB once parsed: only the demo's drawing process
 * (draw-demo.ts) loads it, so a running server never holds it.
 */
export async function loadIconTiles(): Promise<DrawIconTile> {
  const file = createRequire(import.meta.url).resolve('@iconify-json/fluent-emoji/icons.json');
  const iconSet = JSON.parse(await readFile(file, 'utf8')) as IconSet;
  return (name, background, size) => {
    const drawing = DRAWINGS[name];
    const icon = drawing ? { body: drawing(), width: 32, height: 32 } : iconSet.icons[name];
    if (!icon) throw new Error(`no drawing or Fluent Emoji icon named "${name}"`);
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
  };
}
