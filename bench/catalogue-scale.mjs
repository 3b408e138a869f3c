// A real shop's catalogue: 10,000 products (brands × items × sizes in every category, some with
// Indian names), imported through POST /api/product/import, then the figures issue 24 asks for,
// on PostgreSQL (DATABASE_URL, a new database dropped afterwards) and on the embedded database:
// import time (preview, apply); bytes and server time of the storefront's pages; search
// latency at N concurrent requests (autocannon, 127.0.0.1 only); the server's resident memory
// idle (after start) and after the run; with --lighthouse N, bench/lighthouse.mjs (N runs a
// page) against the same store. Run after `npm run build`:
//   node bench/catalogue-scale.mjs [--products 10000] [--db both|postgres|embedded]
//     [--connections 16] [--seconds 10] [--lighthouse 0]
// Figures only, no assertions; the targets are printed beside them. Bounded: each search run
// stops after its seconds, the whole run after 20 minutes.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { catalogueCsv } from '../e2e/support/shop-catalogue.ts';
import { serverFlags } from '../scripts/start.mjs';
import { createDatabase } from './database.mjs';
import { freePort } from './http-client.mjs';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '10000' },
    db: { type: 'string', default: 'both' },
    connections: { type: 'string', default: '16' },
    seconds: { type: 'string', default: '10' },
    lighthouse: { type: 'string', default: '0' },
  },
});
const PRODUCTS = Number(values.products);
const ROOT = path.resolve(import.meta.dirname, '..');
const SELLER = { email: 'bench@kirana.local', password: 'bench-password-1' };

const deadline = setTimeout(() => {
  console.error('bench/catalogue-scale: gave up after 20 minutes');
  process.exit(1);
}, 20 * 60_000);
deadline.unref();

async function rssMb(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function startStore(env) {
  const port = await freePort();
  // The embedded database unless this run names a PostgreSQL one.
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  // The flags npm start gives it on that database.
  const child = spawn(process.execPath, [...serverFlags(env), 'server/dist/main.js'], {
    cwd: ROOT,
    env: {
      ...inherited,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PAYMENTS: 'sandbox',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      SELLER_EMAIL: SELLER.email,
      SELLER_PASSWORD: SELLER.password,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let waited = 0; waited < 120_000; waited += 200) {
    const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, base: `http://127.0.0.1:${port}` };
    if (child.exitCode !== null) throw new Error('the store exited before serving');
    await sleep(200);
  }
  throw new Error('the store did not serve within 2 minutes');
}

async function stopStore(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function timed(run) {
  const started = performance.now();
  const result = await run();
  return { result, ms: performance.now() - started };
}

/** Median bytes and time of three GETs of `url`, gzip as a phone asks. */
async function page(url) {
  const runs = [];
  for (let n = 0; n < 3; n += 1) {
    const { result, ms } = await timed(async () => {
      const response = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
      return { status: response.status, bytes: (await response.arrayBuffer()).byteLength };
    });
    runs.push({ ...result, ms });
  }
  runs.sort((a, b) => a.ms - b.ms);
  return runs[1];
}

async function measure(label, env) {
  console.log(`\n== ${label}`);
  const { child, base } = await startStore(env);
  try {
    await sleep(2000);
    const idle = await rssMb(child.pid);
    const login = await fetch(`${base}/api/seller/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify(SELLER),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const csv = catalogueCsv(PRODUCTS);
    const send = (mode) => {
      const form = new FormData();
      form.append('mode', mode);
      form.append('file', new Blob([csv], { type: 'text/csv' }), 'products.csv');
      return fetch(`${base}/api/product/import`, {
        method: 'POST',
        headers: { cookie, origin: base },
        body: form,
      }).then(async (response) => ({ status: response.status, body: await response.json() }));
    };
    const preview = await timed(() => send('preview'));
    const apply = await timed(() => send('apply'));
    console.log(
      `import of ${PRODUCTS} rows (${(csv.length / 1024 / 1024).toFixed(1)} MB): preview ${(preview.ms / 1000).toFixed(1)} s, apply ${(apply.ms / 1000).toFixed(1)} s (target ≤ 60 s)` +
        ` → ${apply.result.status} created ${apply.result.body.created ?? '?'}`,
    );
    if (apply.result.status !== 200) console.log(JSON.stringify(apply.result.body).slice(0, 500));

    const items = await fetch(`${base}/api/product/search?category=Dairy&limit=1`).then((r) =>
      r.json(),
    );
    const product = items.products[0];
    const pages = {
      '/': '/',
      '/products': '/products',
      category: '/products/dairy',
      'category, page 5': '/products/dairy?page=5',
      product: product ? `/products/dairy/${product._id}` : '/',
      search: '/products?q=doodh',
    };
    for (const [name, pathname] of Object.entries(pages)) {
      const { status, bytes, ms } = await page(`${base}${pathname}`);
      console.log(
        `page ${name.padEnd(18)} ${status} ${(bytes / 1024).toFixed(1).padStart(9)} KB of HTML (target ≤ 100 KB), ${ms.toFixed(0).padStart(5)} ms`,
      );
    }

    // What shoppers type: items, brands with items, word forms, typos, Indian names.
    const queries = [
      ...['doodh', 'दूध', 'aloo', 'pyaz', 'tamatar', 'atta', 'chawal', 'dahi', 'cheeni', 'paneer'],
      ...['tomatoes', 'onions', 'biscuits', 'noodles', 'tomatto', 'potatoe', 'buter', 'panner'],
      ...['amul butter', 'tata salt', 'maggi noodles', 'rice', 'milk', 'ghee', 'tea', 'oil'],
      ...['SKU-000042', '8900000000042', 'fortune oil 1 l', 'britannia', 'haldiram', 'mtr'],
    ];
    const searchUrl = (q) => `/api/product/search?q=${encodeURIComponent(q)}`;
    // Each query's first answer, one at a time: read from the database, nothing kept yet.
    const first = [];
    for (const q of queries) {
      first.push(
        (await timed(() => fetch(`${base}${searchUrl(q)}`).then((r) => r.arrayBuffer()))).ms,
      );
    }
    first.sort((a, b) => a - b);
    const at = (share) => first[Math.min(first.length - 1, Math.floor(share * first.length))];
    console.log(
      `search, ${queries.length} queries' first answers one at a time (from the database): p50 ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms`,
    );
    // Texts no shopper types, each new: 100 random letters (the longest `q`), one at a time.
    const random = [];
    for (let n = 0; n < 20; n += 1) {
      const letters = Array.from(
        randomBytes(100),
        (byte) => 'abcdefghijklmnopqrstuvwxyz'[byte % 26],
      );
      random.push(
        (
          await timed(() =>
            fetch(`${base}${searchUrl(letters.join(''))}`).then((r) => r.arrayBuffer()),
          )
        ).ms,
      );
    }
    random.sort((a, b) => a - b);
    console.log(
      `search, 20 texts of 100 random letters one at a time: p50 ${random[10].toFixed(1)} ms, slowest ${random[19].toFixed(1)} ms`,
    );
    // Then many shoppers at once asking those again (answers kept until the catalogue changes).
    const result = await autocannon({
      url: base,
      connections: Number(values.connections),
      duration: Number(values.seconds),
      requests: queries.map((q) => ({ method: 'GET', path: searchUrl(q) })),
    });
    console.log(
      `search at ${values.connections} at once: ${result.requests.total} answers, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms (target ≤ 30 ms), non-2xx ${result.non2xx}`,
    );
    console.log(
      `resident memory: idle ${idle.toFixed(0)} MB (target ≤ 150 on PostgreSQL), after the run ${(await rssMb(child.pid)).toFixed(0)} MB (target ≤ 250 on PostgreSQL)`,
    );
    if (Number(values.lighthouse) > 0) {
      const audit = spawn(
        process.execPath,
        ['bench/lighthouse.mjs', '--url', base, '--runs', values.lighthouse],
        { cwd: ROOT, stdio: 'inherit' },
      );
      await new Promise((resolve) => audit.once('exit', resolve));
    }
  } finally {
    await stopStore(child);
  }
}

if (values.db !== 'embedded') {
  if (!process.env.DATABASE_URL) console.log('\n== PostgreSQL: skipped (set DATABASE_URL)');
  else {
    const database = await createDatabase(process.env.DATABASE_URL, 'scale');
    try {
      await measure('PostgreSQL', { DATABASE_URL: database.url });
    } finally {
      await database.drop();
    }
  }
}
if (values.db !== 'postgres') {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kirana-scale-'));
  try {
    await measure('embedded database (PGlite)', { DATA_DIR: dataDir });
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
