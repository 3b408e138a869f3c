// npm start: builds what changed (one line while it does), then serves the store on PORT.
import { pathToFileURL } from 'node:url';
import { ensureNode } from './node.mjs';

/**
 * V8 flags of the server: a young generation of 4 MB and a 384 MB heap, which keep a shop of
 * 20,000 products within its memory targets (bench/README.md, catalogue at shop scale).
 */
export const SERVER_FLAGS = ['--max-semi-space-size=4', '--max-old-space-size=384'];

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await ensureNode();
  const { buildThenRun } = await import('./build.mjs');
  await buildThenRun([...SERVER_FLAGS, 'server/dist/main.js']);
}
