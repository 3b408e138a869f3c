// Builds the store: the TypeScript projects (`tsc -b`, which checks and emits only what changed),
// then the web app and its server-rendering bundle (Vite), only when their inputs changed since
// the last build. What a build produces never depends on the caller's NODE_ENV: it is always a
// production build (a development one would answer 500 on every storefront page in production).
//   node scripts/build.mjs [--quiet]   (npm run build; npm start builds --quiet)
// --quiet: one line while something builds, the tools' output only when a step fails.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureNode, followChild } from './node.mjs';

await ensureNode();

const ROOT = path.resolve(import.meta.dirname, '..');
const WEB = path.join(ROOT, 'web');
/** Where the web build keeps the fingerprint of the inputs it was made from. */
const STAMP = path.join(WEB, 'dist-ssr', '.inputs');
/** What the web build reads: its sources and config, @kirana/shared's sources, the lockfile. */
const WEB_INPUTS = [WEB, path.join(ROOT, 'shared', 'src'), path.join(ROOT, 'package-lock.json')];
const SKIPPED = new Set(['node_modules', 'dist', 'dist-ssr']);

/** Runs `args` on this Node; resolves with its output, rejects with it when it fails. */
function run(args, { quiet, cwd = ROOT }) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(output) : reject(Object.assign(new Error(output), { code })),
    );
  });
}

/** Every file under `entry` (or `entry` itself) with its size and time, sorted. */
async function files(entry) {
  const info = await stat(entry);
  if (!info.isDirectory()) return [`${path.relative(ROOT, entry)} ${info.size} ${info.mtimeMs}`];
  const found = [];
  for (const item of await readdir(entry, { withFileTypes: true })) {
    if (SKIPPED.has(item.name)) continue;
    found.push(...(await files(path.join(entry, item.name))));
  }
  return found.sort();
}

async function webFingerprint() {
  const hash = createHash('sha256');
  for (const entry of WEB_INPUTS) hash.update((await files(entry)).join('\n'));
  return hash.digest('hex');
}

const bin = (name) => path.join(ROOT, 'node_modules', name);

/**
 * Builds what changed. Resolves true when something was built.
 * @throws Error with the failing tool's output.
 */
export async function build({ quiet = false } = {}) {
  let said = false;
  const say = () => {
    if (quiet && !said) console.log('Building the store (only what changed)…');
    said = true;
  };
  // tsc -b is incremental: with nothing changed it only compares, in well under a second.
  await run([bin('typescript/bin/tsc'), '-b'], { quiet }).catch((error) => {
    say();
    throw error;
  });
  const fingerprint = await webFingerprint();
  const built = await readFile(STAMP, 'utf8').catch(() => '');
  if (built === fingerprint) return false;
  say();
  // A build stopped half-way leaves no fingerprint, so the next one starts again.
  await rm(STAMP, { force: true });
  const vite = bin('vite/bin/vite.js');
  await run([vite, 'build'], { quiet, cwd: WEB });
  await run([vite, 'build', '--ssr', 'src/entry-server.tsx'], { quiet, cwd: WEB });
  await writeFile(STAMP, fingerprint);
  return true;
}

/**
 * What `npm start`, `npm run backup` and `npm run restore` share: builds what changed (one line
 * while it does), then runs Node with `args` in the repository and lives as long as that run.
 */
export async function buildThenRun(args) {
  await build({ quiet: true }).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
  await followChild(spawn(process.execPath, args, { cwd: ROOT, stdio: 'inherit' }));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await build({ quiet: process.argv.includes('--quiet') }).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
