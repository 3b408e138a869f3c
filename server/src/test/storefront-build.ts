import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const WEB = fileURLToPath(new URL('../../../web/', import.meta.url));
/** Inside the repository, so that the build's imports of React and the router resolve. */
const CACHE = fileURLToPath(new URL('../../../node_modules/.cache/', import.meta.url));

export interface StorefrontBuild {
  /** A web root holding the page template: web/index.html, with its page-head markers. */
  webRoot: string;
  /** The server rendering, freshly built from source. */
  renderer: string;
  remove(): Promise<void>;
}

/**
 * The storefront's server rendering built from web/src (`vite build --ssr`, as `npm run build`
 * does) into a folder of the test's own, so that API tests need no build beforehand.
 */
export async function buildStorefront(): Promise<StorefrontBuild> {
  const { build } = await import('vite');
  await mkdir(CACHE, { recursive: true });
  const folder = await mkdtemp(path.join(CACHE, 'kirana-ssr-'));
  const outDir = path.join(folder, 'dist-ssr');
  const webRoot = path.join(folder, 'dist');
  await mkdir(webRoot);
  await copyFile(path.join(WEB, 'index.html'), path.join(webRoot, 'index.html'));
  await build({
    configFile: path.join(WEB, 'vite.config.ts'),
    root: WEB,
    logLevel: 'warn',
    build: { ssr: 'src/entry-server.tsx', outDir, emptyOutDir: true },
  });
  return {
    webRoot,
    renderer: path.join(outDir, 'entry-server.js'),
    remove: () => rm(folder, { recursive: true, force: true }),
  };
}
