import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';

/** e2e/other-origin.spec.ts's storefront origins: the server lists the first in PUBLIC_ORIGINS. */
export const LISTED_STOREFRONT_PORT = 4175;
export const UNLISTED_STOREFRONT_PORT = 4176;
/** A real shop's store (e2e/support/scale-store.ts), its own server holding its catalogue. */
export const SHOP_SCALE_PORT = 4177;

/** The built web app (`npm run build`), as a static host would serve it. */
const DIST = path.resolve(import.meta.dirname, '../../web/dist');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
};

const SERVER_META = /<meta name="kirana-api" content="[^"]*"\s*\/?>/;

/** A page of the build with its server meta tag naming `apiOrigin`. */
async function pageFor(file: string, apiOrigin: string): Promise<string> {
  const html = await readFile(path.join(DIST, file), 'utf8');
  if (!SERVER_META.test(html)) throw new Error(`web/dist/${file} has no kirana-api meta tag`);
  return html.replace(SERVER_META, `<meta name="kirana-api" content="${apiOrigin}" />`);
}

async function isFile(file: string): Promise<boolean> {
  return stat(file).then(
    (found) => found.isFile(),
    () => false,
  );
}

export interface StorefrontHost {
  /** `http://127.0.0.1:<port>`, the pages' origin. */
  origin: string;
  close(): Promise<void>;
}

/**
 * Serves web/dist on 127.0.0.1:`port`, another origin than the store's server, with both pages'
 * meta tag set to `apiOrigin`: files as they are, and every other path (the app's routes) the
 * storefront's index.html, or agents.html under /agents.
 */
export async function hostStorefront(port: number, apiOrigin: string): Promise<StorefrontHost> {
  const pages = {
    storefront: await pageFor('index.html', apiOrigin),
    agents: await pageFor('agents.html', apiOrigin),
  };
  const server = createServer((request, response) => {
    void (async () => {
      const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://host').pathname);
      const file = path.join(DIST, path.normalize(pathname));
      if (file.startsWith(DIST + path.sep) && !file.endsWith('.html') && (await isFile(file))) {
        const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
        response.writeHead(200, { 'Content-Type': type }).end(await readFile(file));
        return;
      }
      const page = /^\/agents(\/|$)/.test(pathname) ? pages.agents : pages.storefront;
      response.writeHead(200, { 'Content-Type': TYPES['.html'] }).end(page);
    })().catch((error: unknown) => {
      response.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
