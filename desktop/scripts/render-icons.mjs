// Renders the counter app's icons into desktop/build (electron-builder's build resources) from
// the brand's favicon, web/public/favicon.svg: run it again whenever the favicon changes.
//   node desktop/scripts/render-icons.mjs
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import pngToIco from 'png-to-ico';
import sharp from 'sharp';

const FAVICON = new URL('../../web/public/favicon.svg', import.meta.url);
const BUILD = new URL('../build/', import.meta.url);
/** The favicon's viewBox is 32 units wide. */
const FAVICON_UNITS = 32;

/** Linux's icon theme sizes (desktop/build/icons/NxN.png). */
const LINUX_SIZES = [16, 24, 32, 48, 64, 128, 256, 512];
/** The sizes Windows draws (Explorer, the taskbar, the installer) in the one .ico file. */
const WINDOWS_SIZES = [16, 24, 32, 48, 64, 128, 256];
/** macOS's largest (512 pt at 2×); electron-builder makes the .icns from it. */
const MAC_SIZE = 1024;

const svg = await readFile(FAVICON);
/** The favicon drawn at `size` px, not scaled from another size, so small sizes stay sharp. */
const render = (size) =>
  sharp(svg, { density: (72 * size) / FAVICON_UNITS })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();

await rm(new URL('icons/', BUILD), { recursive: true, force: true });
await mkdir(new URL('icons/', BUILD), { recursive: true });
for (const size of LINUX_SIZES) {
  await writeFile(new URL(`icons/${size}x${size}.png`, BUILD), await render(size));
}
await writeFile(
  new URL('icon.ico', BUILD),
  await pngToIco(await Promise.all(WINDOWS_SIZES.map(render))),
);
await writeFile(new URL('icon.png', BUILD), await render(MAC_SIZE));
