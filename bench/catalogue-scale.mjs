// A real shop's catalogue: 10,000 products (brands × items × sizes in every category, some with
// Indian names), imported through POST /api/product/import, then the figures issue 24 asks for,
// on PostgreSQL (DATABASE_URL, a new database dropped afterwards) and on the embedded database:
// import time (preview, apply); bytes and server time of the storefront's pages; search
// latency at N concurrent requests (autocannon, 127.0.0.1 only); issue 46's shape of it: 16
// shoppers at once, each a keep-alive `fetch` (Node's undici, which asks gzip) cycling 12 words
// for --fetch-seconds, then texts no one asked yet (typos, Indian names, sizes), each beside its
// ceiling in the same run (bench/bare-search-server.mjs answering the same bytes) and with the
// CPU an answer cost the server, PostgreSQL's backends and the clients (from /proc); the server's
// resident memory idle (after start), after the import, pages and the 16 shoppers, and after the
// run; with --lighthouse N, bench/lighthouse.mjs (N runs a page) against the same store. Run
// after `npm run build`:
//   node bench/catalogue-scale.mjs [--products 10000] [--db both|postgres|embedded]
//     [--connections 16] [--seconds 10] [--fetch-seconds 6] [--lighthouse 0] [--targets FILE]
//     [--server server/dist/main.js]
// --server: the built entry to start (another build's, kept aside, compares two versions).
// Figures only, no assertions; the targets are printed beside them (and with --targets, appended
// to FILE, bench/targets-file.mjs). Bounded: each search run stops after its seconds, the whole
// run after 20 minutes.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { catalogueCsv } from '../e2e/support/shop-catalogue.ts';
import { serverFlags } from '../scripts/start.mjs';
import { cpuSince, cpuTimes } from './cpu-times.mjs';
import { createDatabase } from './database.mjs';
import { BENCH_SELLER, freePort, shopStoreEnv } from './http-client.mjs';
import { reportTarget } from './targets-file.mjs';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '10000' },
    db: { type: 'string', default: 'both' },
    connections: { type: 'string', default: '16' },
    seconds: { type: 'string', default: '10' },
    'fetch-seconds': { type: 'string', default: '6' },
    lighthouse: { type: 'string', default: '0' },
    targets: { type: 'string' },
    server: { type: 'string', default: 'server/dist/main.js' },
  },
});
const PRODUCTS = Number(values.products);
const ROOT = path.resolve(import.meta.dirname, '..');

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
  // The flags npm start gives it on that database (the embedded one unless `env` names one).
  const child = spawn(process.execPath, [...serverFlags(env), values.server], {
    cwd: ROOT,
    env: { ...shopStoreEnv(port), ...env },
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

/** One request's answer exactly as it came (status, headers, body bytes), for the ceiling. */
function fetchRaw(url, headers) {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => {
        const added = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
        resolve({
          status: response.statusCode,
          headers: Object.fromEntries(
            Object.entries(response.headers).filter(([name]) => !added.has(name)),
          ),
          body: Buffer.concat(chunks).toString('base64'),
        });
      });
    })
      .on('error', reject)
      .end();
  });
}

// Issue 46's shoppers: what each of the 16 cycles through, from its own first word.
const WORDS = ['milk', 'rice', 'atta', 'tomato', 'dal', 'oil', 'bread', 'amul', 'tata'];
WORDS.push('noodles', 'paneer', 'sugar');
// Typos and Indian names, each asked in new forms so that no answer is kept for it yet.
const UNASKED = ['milkk', 'panner', 'chawal', 'doodh', 'haldi', 'besan', 'jeera', 'atta 5kg'];
UNASKED.push('tamatar', 'pyaaz', 'aaloo', 'dahi', 'cheeni', 'namak', 'suji', 'maida', 'makhan');
UNASKED.push('mirchi', 'dhaniya', 'elaichi', 'rajma', 'chana dal', 'moong', 'poha', 'biskut');
UNASKED.push('nimbu', 'adrak', 'sabun', 'chai patti', 'tomatto', 'noodels', 'shugar', 'bred');
const SIZES = ['', '1kg', '500g', '5 kg', '2kg', '1 l', '200g', '250 g', '10kg', '100 g'];

/** A word with one slip of the finger, the `slip`th: a letter dropped, doubled, or swapped. */
function slipped(word, slip) {
  const at = Math.floor(slip / 3) % word.length;
  const letters = [...word];
  if (slip === 0) return word;
  if (slip % 3 === 0) letters.splice(at, 1);
  else if (slip % 3 === 1) letters.splice(at, 0, letters[at]);
  else [letters[at], letters[at + 1]] = [letters[at + 1] ?? '', letters[at]];
  return letters.join('').trim();
}

/** Texts never asked before (not in `asked`, which each is added to), one a call, endlessly. */
function unaskedTexts(asked) {
  const texts = (function* () {
    for (let round = 0; ; round += 1) {
      const size = round < SIZES.length ? SIZES[round] : `${round * 50}g`;
      for (let slip = 1; slip < 30; slip += 1) {
        for (const word of UNASKED) yield `${slipped(word, slip)} ${size}`.trim();
      }
    }
  })();
  return () => {
    for (;;) {
      const text = texts.next().value;
      if (!asked.has(text)) {
        asked.add(text);
        return text;
      }
    }
  };
}

const searchUrl = (q) => `/api/product/search?q=${encodeURIComponent(q)}`;

/**
 * `clients` shoppers at once against `base` for `seconds`, each a keep-alive `fetch` (as a
 * browser's, asking a compressed answer) of `nextUrl(client)` after its last answer: answers a
 * second, p50 and p99 in ms, answers not 2xx, and the CPU ms an answer cost each of the
 * processes `answering()` names by role (read from /proc before and after) and the clients.
 */
async function fetchClients(base, nextUrl, seconds, answering, clients = 16) {
  const times = [];
  let failed = 0;
  const processes = async () => {
    const roles = { ...(await answering()), clients: [process.pid] };
    return { roles, times: await cpuTimes(Object.values(roles).flat()) };
  };
  const before = await processes();
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (performance.now() < until) {
        const begun = performance.now();
        const response = await fetch(`${base}${nextUrl(client)}`);
        await response.arrayBuffer();
        times.push(performance.now() - begun);
        if (!response.ok) failed += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  // Read again: a process that started meanwhile (a pool's new connection) counts whole.
  const after = await processes();
  const cpu = Object.fromEntries(
    Object.entries(after.roles).map(([role, of]) => [
      role,
      cpuSince(before.times, new Map([...after.times].filter(([pid]) => of.includes(pid)))) /
        times.length,
    ]),
  );
  times.sort((a, b) => a - b);
  const at = (share) => times[Math.min(times.length - 1, Math.floor(share * times.length))] ?? NaN;
  return { perSecond: times.length / elapsed, p50: at(0.5), p99: at(0.99), failed, cpu };
}

/** The 16 shoppers' runs of `base`: the 12 words for `seconds`, then texts not asked yet. */
async function shoppersOf(base, seconds, asked, answering) {
  const next = WORDS.map((_, client) => client);
  const words = await fetchClients(
    base,
    (client) => searchUrl(WORDS[next[client]++ % WORDS.length]),
    seconds,
    answering,
  );
  const unasked = unaskedTexts(asked);
  const typos = await fetchClients(base, () => searchUrl(unasked()), seconds, answering);
  return { words, typos };
}

const shoppersLine = (what, { perSecond, p50, p99, failed, cpu }) =>
  `${what}: ${perSecond.toFixed(0)} answers/s, p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms` +
  `${failed ? `, ${failed} not 2xx` : ''} (CPU an answer: ${Object.entries(cpu)
    .map(([role, ms]) => `${role} ${ms.toFixed(2)} ms`)
    .join(', ')})`;

/**
 * The same 16 shoppers against bare node:http answering the bytes the store at `base` answered
 * (bench/bare-search-server.mjs): the ceiling of their figures on this machine, now.
 */
async function bareShoppers(base, seconds, typo) {
  // What undici's fetch asks over http, so the ceiling sends what the store sent the shoppers.
  const headers = { 'accept-encoding': 'gzip, deflate' };
  const answers = {};
  for (const word of WORDS)
    answers[searchUrl(word)] = await fetchRaw(`${base}${searchUrl(word)}`, headers);
  const fallback = await fetchRaw(`${base}${searchUrl(typo)}`, headers);
  const folder = await mkdtemp(path.join(tmpdir(), 'kirana-bare-search-'));
  const file = path.join(folder, 'answers.json');
  await writeFile(file, JSON.stringify({ answers, fallback }));
  const port = await freePort();
  const bare = spawn(process.execPath, ['bench/bare-search-server.mjs', file], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const bareBase = `http://127.0.0.1:${port}`;
    for (let waited = 0; waited < 10_000; waited += 100) {
      if (
        await fetch(`${bareBase}/`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await sleep(100);
    }
    return await shoppersOf(bareBase, seconds, new Set(), async () => ({ server: [bare.pid] }));
  } finally {
    await stopStore(bare);
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * bench/lighthouse.mjs against `base` (`runs` a page), its output shown as it comes; resolves
 * with the lowest of its pages' median performance scores (null when it printed none).
 */
function lighthouseOf(base, runs) {
  return new Promise((resolve) => {
    const audit = spawn(process.execPath, ['bench/lighthouse.mjs', '--url', base, '--runs', runs], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let printed = '';
    audit.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      printed += chunk;
    });
    audit.once('exit', () => {
      const scores = [...printed.matchAll(/^\s+performance\s+(\d+)/gm)].map(([, n]) => Number(n));
      resolve(scores.length > 0 ? Math.min(...scores) : null);
    });
  });
}

/**
 * The processes answering the store `child`: the server's, and on PostgreSQL (`databaseUrl`) the
 * backends serving its database (the embedded one runs inside the server).
 */
async function answeringProcesses(child, databaseUrl) {
  if (!databaseUrl) return { server: [child.pid] };
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return { server: [child.pid], PostgreSQL: rows.map((row) => row.pid) };
  } finally {
    await client.end();
  }
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
      body: JSON.stringify(BENCH_SELLER),
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
    // Issue 46's shape: 16 shoppers at once, then texts not asked yet; and the same against
    // bare node:http answering the same bytes, the ceiling.
    const seconds = Number(values['fetch-seconds']);
    const asked = new Set(queries);
    const { words, typos } = await shoppersOf(base, seconds, asked, () =>
      answeringProcesses(child, env.DATABASE_URL),
    );
    const afterShoppers = await rssMb(child.pid);
    const ceiling = await bareShoppers(base, seconds, [...asked].at(-1));
    const suffix = label === 'PostgreSQL' ? '' : `, ${label}`;
    for (const [what, ours, bare, figure] of [
      ['12 words', words, ceiling.words, 'search p99, 16 fetch clients, 12 words, 10k products'],
      [
        'texts not asked yet',
        typos,
        ceiling.typos,
        'search p99, typos and Indian names not yet asked',
      ],
    ]) {
      console.log(
        `${shoppersLine(`search, 16 fetch clients, ${what}`, ours)} (target ≤ 30 ms); ${shoppersLine('bare node:http, same bytes', bare)}`,
      );
      reportTarget(values.targets, {
        figure: `${figure}${suffix}`,
        value: Number(ours.p99.toFixed(1)),
        unit: 'ms',
        target: '≤ 30',
        met: ours.p99 <= 30,
        ceiling: `bare node:http ${bare.p99.toFixed(1)} ms (${bare.perSecond.toFixed(0)}/s; ours ${ours.perSecond.toFixed(0)}/s)`,
      });
    }
    console.log(
      `resident memory after the import, pages and 16 shoppers: ${afterShoppers.toFixed(0)} MB (target ≤ 250 on PostgreSQL)`,
    );
    reportTarget(values.targets, {
      figure: `server RSS after import, pages and search${suffix}`,
      value: Math.round(afterShoppers),
      unit: 'MB',
      target: '≤ 250',
      met: afterShoppers <= 250,
    });
    // Then many shoppers at once asking the first answers' texts again (autocannon).
    const result = await autocannon({
      url: base,
      connections: Number(values.connections),
      duration: Number(values.seconds),
      requests: queries.map((q) => ({ method: 'GET', path: searchUrl(q) })),
    });
    console.log(
      `search at ${values.connections} at once (autocannon): ${result.requests.total} answers, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms (target ≤ 30 ms), non-2xx ${result.non2xx}`,
    );
    console.log(
      `resident memory: idle ${idle.toFixed(0)} MB (target ≤ 150 on PostgreSQL), after the run ${(await rssMb(child.pid)).toFixed(0)} MB (target ≤ 250 on PostgreSQL)`,
    );
    if (Number(values.lighthouse) > 0) {
      const performanceScore = await lighthouseOf(base, values.lighthouse);
      if (performanceScore !== null) {
        reportTarget(values.targets, {
          figure: `Lighthouse performance, the lowest page's median of ${values.lighthouse} runs${suffix}`,
          value: performanceScore,
          unit: '',
          target: '≥ 98',
          met: performanceScore >= 98,
        });
      }
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
