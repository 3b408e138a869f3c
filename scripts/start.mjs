// npm start: builds what changed (one line while it does), then serves the store on PORT.
import { pathToFileURL } from 'node:url';
import { ensureNode } from './node.mjs';

/**
 * V8 flags of the server: a young generation of 4 MB and a 384 MB heap, which keep a shop of
 * 20,000 products within its memory targets (bench/README.md, catalogue at shop scale).
 */
export const SERVER_FLAGS = ['--max-semi-space-size=4', '--max-old-space-size=384'];

/**
 * The server's V8 flags for the database `env` names. On the embedded database (no
 * DATABASE_URL, as the server reads it: blank is unset) Liftoff alone compiles WebAssembly: V8's
 * optimising compiler takes ~600 MB to compile PostgreSQL's SQL parser, and the C library keeps
 * much of it, which left a first start idling at 257–295 MB rather than ~205 MB. Its cost is
 * PGlite's speed: a year's dashboard ~190 → ~380 ms, a backup 28 → 44 s (bench/README.md, the
 * embedded database's memory). A PostgreSQL server runs no WebAssembly: nothing to gain there.
 */
export function serverFlags(env = process.env) {
  const embedded = !env.DATABASE_URL?.trim();
  return embedded ? [...SERVER_FLAGS, '--liftoff-only'] : SERVER_FLAGS;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await ensureNode();
  const { buildThenRun } = await import('./build.mjs');
  await buildThenRun([...serverFlags(), 'server/dist/main.js']);
}
