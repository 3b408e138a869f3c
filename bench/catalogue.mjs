// How many catalogue requests (`GET /api/product/list`, the demo catalogue) the store answers a
// second, beside the ceiling: bare node:http answering the same bytes with the same headers
// (bench/bare-catalogue-server.mjs), in alternating rounds of one run, and the CPU time each
// server spends a request. Four kinds of request: no Accept-Encoding, gzip, a browser's
// `gzip, deflate, br, zstd`, and the latter with the current ETag in If-None-Match (304).
// Keep-alive connections, N at a time (autocannon), 127.0.0.1 only.
// Run after `npm run build`: it starts server/dist with its production defaults (LOG_LEVEL=info:
// a request log line each, down a pipe), on an embedded database in a temporary folder, or on a
// new database of the PostgreSQL at DATABASE_URL, dropped afterwards:
//   node bench/catalogue.mjs [--connections 16] [--seconds 5] [--rounds 3] [--cpu-prof DIR]
//     [--server server/dist/main.js] [--targets FILE]
// --cpu-prof writes the store's CPU profile (node --cpu-prof) into DIR when it stops. --server:
// the build to start, e.g. another checkout's server/dist/main.js to compare two versions.
// --targets appends each kind's ratio to FILE for bench/targets.mjs's table (bench/targets-file.mjs).
// Figures only, no assertions. Bounded: each measure stops after its seconds or 2,000,000
// requests, and the whole run after 10 minutes.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { createDatabase } from './database.mjs';
import { freePort } from './http-client.mjs';
import { reportTarget } from './targets-file.mjs';

const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: '16' },
    seconds: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    'cpu-prof': { type: 'string' },
    server: { type: 'string', default: 'server/dist/main.js' },
    targets: { type: 'string' },
  },
});
const CONNECTIONS = Number(values.connections);
const SECONDS = Number(values.seconds);
const ROUNDS = Number(values.rounds);
const MAX_REQUESTS = 2_000_000;
const ROOT = path.resolve(import.meta.dirname, '..');
const LIST = '/api/product/list';
const BROWSER = 'gzip, deflate, br, zstd';

const deadline = setTimeout(() => {
  console.error('bench/catalogue: gave up after 10 minutes');
  process.exit(1);
}, 10 * 60_000);
deadline.unref();

/**
 * Starts `args` with node on a free port (PORT); resolves with the child once `ready` (a path)
 * answers 200. Its stdout goes down a pipe, as to a log collector in production, that `cat`
 * copies into the file `log`: not through this process, which sends the load.
 */
async function start(args, env, log, ready) {
  const port = await freePort();
  const output = await open(log, 'w');
  const sink = spawn('cat', [], { stdio: ['pipe', output.fd, 'inherit'] });
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', sink.stdin, 'inherit'],
  });
  sink.stdin.destroy();
  await output.close();
  let exited = false;
  child.once('exit', () => (exited = true));
  for (let waited = 0; waited < 120_000; waited += 200) {
    const status = await fetch(`http://127.0.0.1:${port}${ready}`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return { child, port };
    if (exited) throw new Error(`${args.join(' ')} exited before serving; see ${log}`);
    await sleep(200);
  }
  throw new Error(`${args.join(' ')} did not serve within 2 minutes`);
}

async function stop(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** One request's answer exactly as it came: status, headers, body bytes. */
function fetchRaw(url, headers) {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
    })
      .on('error', reject)
      .end();
  });
}

/** The answer as the ceiling sends it again: what Node adds by itself left out. */
function recorded(answer) {
  const added = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
  const headers = Object.fromEntries(
    Object.entries(answer.headers).filter(([name]) => !added.has(name)),
  );
  return { status: answer.status, headers, body: answer.body.toString('base64') };
}

/**
 * The CPU seconds (user + system) that process `pid` has used so far, from Linux's /proc; null
 * elsewhere. Beside requests a second, what a request costs the server whatever else the
 * machine is doing.
 */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime, the 14th and 15th fields, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** The store's requests a second over the ceiling's that bench/README.md holds it to. */
const TARGET_RATIO = 0.6;

/** Requests a second answered by `server` with `headers`, CPU µs a request, statuses seen. */
async function measure(server, headers, seconds) {
  const cpuBefore = cpuSeconds(server.child.pid);
  const result = await autocannon({
    url: `http://127.0.0.1:${server.port}${LIST}`,
    connections: CONNECTIONS,
    duration: seconds,
    maxOverallRequests: MAX_REQUESTS,
    headers,
  });
  const statuses = Object.keys(result.statusCodeStats ?? {}).join('/');
  const cpuAfter = cpuSeconds(server.child.pid);
  return {
    perSecond: result.requests.total / result.duration,
    cpuMicroseconds:
      cpuBefore === null || cpuAfter === null
        ? NaN
        : ((cpuAfter - cpuBefore) * 1e6) / result.requests.total,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    statuses,
  };
}

const cleanUps = [];
try {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kirana-bench-'));
  cleanUps.push(() => rm(dataDir, { recursive: true, force: true }));
  const database = process.env.DATABASE_URL
    ? await createDatabase(process.env.DATABASE_URL, 'bench')
    : undefined;
  if (database) cleanUps.push(() => database.drop());

  const profile = values['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${values['cpu-prof']}`] : [];
  const store = await start(
    [...profile, values.server],
    {
      // As a shop runs it: every request gets its log line (at info in production only).
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      SELLER_EMAIL: 'bench-seller@example.com',
      SELLER_PASSWORD: randomBytes(12).toString('hex'),
      SESSION_SECRET: randomBytes(32).toString('hex'),
      PAYMENTS: 'sandbox',
      SEED_DEMO_DATA: 'true',
      REDIS_URL: '',
    },
    path.join(dataDir, 'store.log'),
    '/readyz',
  );
  cleanUps.unshift(() => stop(store.child));
  const storeBase = `http://127.0.0.1:${store.port}`;

  // What the store answers each kind of request, for the ceiling to send back the same.
  const identity = await fetchRaw(`${storeBase}${LIST}`, {});
  const etag = identity.headers.etag;
  const variants = {
    identity: recorded(identity),
    gzip: recorded(await fetchRaw(`${storeBase}${LIST}`, { 'accept-encoding': 'gzip' })),
    br: recorded(await fetchRaw(`${storeBase}${LIST}`, { 'accept-encoding': BROWSER })),
    notModified: recorded(
      await fetchRaw(`${storeBase}${LIST}`, { 'accept-encoding': BROWSER, 'if-none-match': etag }),
    ),
  };
  const variantsFile = path.join(dataDir, 'variants.json');
  await writeFile(variantsFile, JSON.stringify(variants));
  const bare = await start(
    ['bench/bare-catalogue-server.mjs', variantsFile],
    {},
    path.join(dataDir, 'bare.log'),
    LIST,
  );
  cleanUps.unshift(() => stop(bare.child));

  const kinds = [
    { name: 'no Accept-Encoding', headers: {} },
    { name: 'gzip', headers: { 'accept-encoding': 'gzip' } },
    { name: `br (${BROWSER})`, headers: { 'accept-encoding': BROWSER } },
    { name: 'If-None-Match (304)', headers: { 'accept-encoding': BROWSER, 'if-none-match': etag } },
  ];
  console.log(
    `GET ${LIST}: ${JSON.parse(identity.body).products.length} products, ${identity.body.length} bytes ` +
      `(gzip ${Buffer.from(variants.gzip.body, 'base64').length}, br ${Buffer.from(variants.br.body, 'base64').length}); ` +
      `${CONNECTIONS} keep-alive connections, ${ROUNDS} rounds of ${SECONDS} s per server and kind, ` +
      `${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded database'}`,
  );

  // Both warmed up (JIT, the snapshot built) before anything counts.
  const servers = { store, bare };
  for (const server of Object.values(servers))
    for (const kind of kinds) await measure(server, kind.headers, 1);

  const runs = kinds.map(() => ({ store: [], bare: [] }));
  const problems = new Set();
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [index, kind] of kinds.entries()) {
      // A B, then B A: neither always goes first on a machine whose load drifts.
      const order = round % 2 === 0 ? ['store', 'bare'] : ['bare', 'store'];
      for (const which of order) {
        const result = await measure(servers[which], kind.headers, SECONDS);
        runs[index][which].push(result);
        if (result.errors > 0) problems.add(`${which} ${kind.name}: ${result.errors} errors`);
        const expected = kind.name.includes('304') ? '304' : '200';
        if (result.statuses !== expected)
          problems.add(`${which} ${kind.name}: statuses ${result.statuses}`);
      }
    }
  }

  const mean = (results, field) =>
    results.reduce((sum, each) => sum + each[field], 0) / results.length;
  const rows = kinds.map((kind, index) => {
    const { store: ours, bare: ceiling } = runs[index];
    const [rate, ceilingRate] = [mean(ours, 'perSecond'), mean(ceiling, 'perSecond')];
    const [cpu, ceilingCpu] = [mean(ours, 'cpuMicroseconds'), mean(ceiling, 'cpuMicroseconds')];
    reportTarget(values.targets, {
      figure: `catalogue, ${kind.name}: requests a second against bare node:http`,
      value: `${(rate / ceilingRate).toFixed(2)}×`,
      unit: `(${Math.round(rate).toLocaleString('en')}/s)`,
      target: `≥ ${TARGET_RATIO}×`,
      met: rate / ceilingRate >= TARGET_RATIO,
      ceiling: `${Math.round(ceilingRate).toLocaleString('en')}/s`,
    });
    return [
      kind.name,
      Math.round(rate).toLocaleString('en'),
      Math.round(ceilingRate).toLocaleString('en'),
      `${(rate / ceilingRate).toFixed(2)}×`,
      `${cpu.toFixed(0)} / ${ceilingCpu.toFixed(0)}`,
      `${(ceilingCpu / cpu).toFixed(2)}×`,
      `${mean(ours, 'p99').toFixed(1)} / ${mean(ceiling, 'p99').toFixed(1)}`,
    ];
  });
  const header = [
    'request',
    'store req/s',
    'bare req/s',
    'ratio',
    'CPU µs/req store / bare',
    'CPU ratio',
    'p99 ms store / bare',
  ];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column].length)),
  );
  for (const row of [header, ...rows])
    console.log(
      row
        .map((cell, column) => cell.padEnd(widths[column]))
        .join('  ')
        .trimEnd(),
    );
  console.log(
    `ratio: the store's requests a second over the ceiling's (target ≥ ${TARGET_RATIO}×); CPU ratio: the ` +
      "ceiling's CPU time a request over the store's, which the machine's other load disturbs less",
  );
  for (const problem of problems) console.log(`  problem: ${problem}`);
} finally {
  for (const cleanUp of cleanUps) await cleanUp().catch((error) => console.error(error));
}
