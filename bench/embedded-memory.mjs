// The server's resident memory on the embedded database (PGlite), idle: the built store started
// as `npm start` starts it (NODE_ENV=production, `serverFlags` of scripts/start.mjs,
// server/dist/main.js) on a new DATA_DIR, its RSS (VmRSS of /proc/PID/status) read --idle
// seconds after GET /readyz first answers: a first start without the demo, then after importing
// --products products into it (POST /api/product/import, the catalogue of bench/catalogue-scale;
// 0 skips), a first start with the demo, and a restart of that demo folder. The ceiling is a bare
// `node` with the same flags idling as long. Run after `npm run build`:
//   node bench/embedded-memory.mjs [--idle 15] [--products 10000] [--no-liftoff] [--targets FILE]
// --no-liftoff: the heap flags alone, as on PostgreSQL, to see what Liftoff spares.
// Figures only, no assertions; the target (≤ 250 MB idle, a first start with and without the
// demo) is printed beside them. Bounded: the whole run stops after 10 minutes.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { catalogueCsv } from '../e2e/support/shop-catalogue.ts';
import { SERVER_FLAGS, serverFlags } from '../scripts/start.mjs';
import { BENCH_SELLER, freePort, shopStoreEnv } from './http-client.mjs';
import { reportTarget } from './targets-file.mjs';

const { values } = parseArgs({
  options: {
    idle: { type: 'string', default: '15' },
    products: { type: 'string', default: '10000' },
    liftoff: { type: 'boolean', default: true },
    targets: { type: 'string' },
  },
  allowNegative: true,
});
const IDLE_MS = Number(values.idle) * 1000;
const PRODUCTS = Number(values.products);
const TARGET_MB = 250;
const ROOT = path.resolve(import.meta.dirname, '..');
// npm start's flags on the embedded database, or (--no-liftoff) those it gives on PostgreSQL.
const FLAGS = values.liftoff ? serverFlags({}) : SERVER_FLAGS;

/** What this run started and has not yet stopped: the deadline ends them before it exits. */
const running = new Set();
const deadline = setTimeout(() => {
  console.error('bench/embedded-memory: gave up after 10 minutes');
  for (const child of running) child.kill('SIGKILL');
  process.exit(1);
}, 10 * 60_000);
deadline.unref();

/** Resident and peak resident memory of process `pid`, in MB. */
async function memoryMb(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

function started(args, options) {
  const child = spawn(process.execPath, args, options);
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Starts the store on `dataDir`; resolves once GET /readyz answers, with the time it took. */
async function startStore(dataDir, seedDemo) {
  const port = await freePort();
  const since = performance.now();
  const child = started([...FLAGS, 'server/dist/main.js'], {
    cwd: ROOT,
    env: { ...shopStoreEnv(port), SEED_DEMO_DATA: String(seedDemo), DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let waited = 0; waited < 180_000; waited += 200) {
    const ok = await fetch(`${base}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return { child, base, startMs: performance.now() - since };
    if (child.exitCode !== null) throw new Error('the store exited before serving');
    await sleep(200);
  }
  await stop(child);
  throw new Error('the store did not serve within 3 minutes');
}

/** Imports the shop-scale catalogue of `count` products through the seller's import. */
async function importProducts(base, count) {
  const login = await fetch(`${base}/api/seller/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(BENCH_SELLER),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const form = new FormData();
  form.append('mode', 'apply');
  form.append('file', new Blob([catalogueCsv(count)], { type: 'text/csv' }), 'products.csv');
  const response = await fetch(`${base}/api/product/import`, {
    method: 'POST',
    headers: { cookie, origin: base },
    body: form,
  });
  const body = await response.json();
  if (response.status !== 200)
    throw new Error(`import: ${response.status} ${JSON.stringify(body)}`);
  return body.created;
}

const rows = [];
/** Waits the idle time, then records the memory of `child` under `label`. */
async function record(label, child, startMs) {
  await sleep(IDLE_MS);
  const { rss, peak } = await memoryMb(child.pid);
  rows.push({ label, rss, peak, startMs });
  console.log(
    `${label}: ${rss.toFixed(0)} MB resident, peak ${peak.toFixed(0)} MB` +
      (startMs === undefined ? '' : ` (served after ${(startMs / 1000).toFixed(1)} s)`),
  );
  return rss;
}

const loadBefore = loadavg()[0];
console.log(`flags: ${FLAGS.join(' ')}; memory read ${values.idle} s after the store answers`);

const bare = started([...FLAGS, '-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
await sleep(200);
const ceiling = await record('bare node, same flags', bare);
await stop(bare);

const folders = [];
const newFolder = async () => {
  const folder = await mkdtemp(path.join(tmpdir(), 'kirana-embedded-memory-'));
  folders.push(folder);
  return folder;
};
let noDemo;
let demo;
try {
  {
    const store = await startStore(await newFolder(), false);
    try {
      noDemo = await record('first start, no demo', store.child, store.startMs);
      if (PRODUCTS > 0) {
        const since = performance.now();
        const created = await importProducts(store.base, PRODUCTS);
        await record(
          `then ${created} products imported (${((performance.now() - since) / 1000).toFixed(1)} s)`,
          store.child,
        );
      }
    } finally {
      await stop(store.child);
    }
  }
  const demoFolder = await newFolder();
  for (const label of ['first start, with the demo', 'restart of that folder']) {
    const store = await startStore(demoFolder, true);
    try {
      const rss = await record(label, store.child, store.startMs);
      demo ??= rss;
    } finally {
      await stop(store.child);
    }
  }
} finally {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
}

console.log(
  `\nload average ${loadBefore.toFixed(1)} before / ${loadavg()[0].toFixed(1)} after; target ≤ ${TARGET_MB} MB idle`,
);
console.log('\n| the store | resident | peak | served after |');
console.log('|---|---|---|---|');
for (const { label, rss, peak, startMs } of rows) {
  const served = startMs === undefined ? '—' : `${(startMs / 1000).toFixed(1)} s`;
  console.log(`| ${label} | ${rss.toFixed(0)} MB | ${peak.toFixed(0)} MB | ${served} |`);
}

const ceilingText = `bare node, same flags, idle: ${ceiling.toFixed(0)} MB`;
for (const [figure, value] of [
  ['embedded idle RSS, first start, no demo', noDemo],
  ['embedded idle RSS, first start, with the demo', demo],
]) {
  reportTarget(values.targets, {
    figure: values.liftoff ? figure : `${figure} (--no-liftoff)`,
    value: Math.round(value),
    unit: 'MB',
    target: `≤ ${TARGET_MB} MB`,
    met: value <= TARGET_MB,
    ceiling: ceilingText,
  });
}
