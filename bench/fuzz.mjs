// Bad input against a running store: 20,000 generated bad requests (the fuzz test's own
// generators, server/src/test/fuzz-requests.ts) spread over every route, sent by signed-in
// shoppers, sellers and agents, by nobody and with forged cookies, 16 at a time. Prints the count
// by status, the 5xx answers and any other wrong answer, whether any table changed (row counts
// and an md5 of every row, before and after), and whether the server still answers /readyz.
// Run after `npm run build`. By default it starts server/dist/main.js on 127.0.0.1 with a
// temporary DATA_DIR, on a new database of the PostgreSQL at DATABASE_URL when that is set
// (dropped afterwards), else on the embedded database:
//   node bench/fuzz.mjs [--requests 20000] [--concurrency 16] [--seed N]
// Against a server already running (its seller from SELLER_EMAIL / SELLER_PASSWORD; it gets a
// shopper, an agent and two orders), with its database for the before/after check:
//   node bench/fuzz.mjs --url http://127.0.0.1:4000 --database-url postgres://…
// Exits 1 when any answer was a 5xx or wrong, a table changed, or the server stopped answering.
// Bounded: the whole run stops after 10 minutes.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BENCH_ADDRESS, browser, pairedAgent } from './http-client.mjs';
import { onJsonLines } from './server-output.mjs';
import fc from 'fast-check';
import pg from 'pg';
import { createDatabase } from './database.mjs';
import { tsImport } from 'tsx/esm/api';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '20000' },
    concurrency: { type: 'string', default: '16' },
    seed: { type: 'string' },
    url: { type: 'string' },
    'database-url': { type: 'string' },
  },
});
const REQUESTS = Number(values.requests);
const CONCURRENCY = Number(values.concurrency);
const SEED = values.seed === undefined ? Date.now() % 2 ** 31 : Number(values.seed);
const ROOT = path.resolve(import.meta.dirname, '..');

const { FUZZ_ROWS, badRequests, describe, judge, send, snapshotTables } = await tsImport(
  '../server/src/test/fuzz-requests.ts',
  import.meta.url,
);

const deadline = setTimeout(() => {
  console.error('bench/fuzz: gave up after 10 minutes');
  process.exit(1);
}, 10 * 60_000);
deadline.unref();

/**
 * Starts server/dist/main.js with `env`; resolves with its port once it serves, and collects
 * the error lines it logs (a 5xx is logged with its cause).
 */
function startServer(env) {
  const child = spawn(process.execPath, ['server/dist/main.js'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const errors = [];
  const serving = new Promise((resolve, reject) => {
    onJsonLines(child.stdout, (line) => {
      if (line.msg?.startsWith('Kirana is serving')) resolve(line.port);
      if (line.level >= 50) errors.push(line);
    });
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
  return { child, errors, serving };
}

/** A signed-in shopper, seller and agent (on a paired phone), and ids of their rows. */
async function signIn(base, seller) {
  const admin = browser(base);
  await admin.send('POST', '/api/seller/login', seller);
  const shopper = browser(base);
  await shopper.send('POST', '/api/user/register', {
    name: 'Fuzz Shopper',
    email: `fuzz-${randomBytes(4).toString('hex')}@example.com`,
    password: 'fuzz-password-1',
  });
  const { address } = await shopper.send('POST', '/api/address/add', {
    address: BENCH_ADDRESS,
  });
  const { products } = await shopper.send('GET', '/api/product/list');
  const product = products.find((each) => each.inStock);
  if (!product) throw new Error('the store has no product in stock to order');
  const order = { items: [{ product: product._id, quantity: 1 }], address: address._id };
  await shopper.send('POST', '/api/order/cod', order);
  const online = await shopper.send('POST', '/api/order/razorpay', order);
  const { orders } = await shopper.send('GET', '/api/order/user');
  const cod = orders.find((each) => each.paymentType === 'COD');

  const { phoneApp, agent } = await pairedAgent(base, admin, {
    name: 'Fuzz Agent',
    phone: `9${String(Date.now()).slice(-9)}`,
  });
  await phoneApp.send('POST', '/api/agents/accept', { orderId: cod._id });

  return {
    cookies: { shopper: shopper.cookie(), seller: admin.cookie(), agent: phoneApp.cookie() },
    ids: {
      order: cod._id,
      address: address._id,
      product: product._id,
      agent: agent._id,
      providerOrder: online.order.id,
    },
  };
}

/** Runs `task` over `items`, `limit` at a time. */
async function pool(items, limit, task) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      await task(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

const cleanUps = [];
let base = values.url;
let databaseUrl = values['database-url'];
let seller = {
  email: process.env.SELLER_EMAIL ?? 'admin@kirana.local',
  password: process.env.SELLER_PASSWORD ?? 'kirana-admin',
};
let serverErrors = [];
try {
  if (!base) {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'kirana-fuzz-'));
    cleanUps.push(() => rm(dataDir, { recursive: true, force: true }));
    const database = process.env.DATABASE_URL
      ? await createDatabase(process.env.DATABASE_URL, 'fuzz')
      : undefined;
    if (database) cleanUps.push(() => database.drop());
    seller = { email: 'fuzz-seller@example.com', password: randomBytes(12).toString('hex') };
    const server = startServer({
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      SELLER_EMAIL: seller.email,
      SELLER_PASSWORD: seller.password,
      SEED_DEMO_DATA: 'true',
      REDIS_URL: '',
      LOG_LEVEL: 'info',
    });
    cleanUps.unshift(async () => {
      server.child.kill('SIGTERM');
      await new Promise((resolve) => server.child.once('exit', resolve));
    });
    base = `http://127.0.0.1:${await server.serving}`;
    serverErrors = server.errors;
    // The embedded database answers on its Unix socket in DATA_DIR (libpq names its folder).
    databaseUrl =
      database?.url ??
      `postgres://postgres@${encodeURIComponent(path.join(dataDir, 'pg-socket'))}/postgres`;
  }

  const { cookies, ids } = await signIn(base, seller);
  const db = databaseUrl && new pg.Client({ connectionString: databaseUrl });
  if (db) {
    await db.connect();
    cleanUps.unshift(() => db.end());
  }
  const snapshot = () => db && snapshotTables(async (sql) => (await db.query(sql)).rows);
  const before = await snapshot();

  const routes = Object.keys(FUZZ_ROWS);
  const perRoute = Math.ceil(REQUESTS / routes.length);
  const byStatus = new Map();
  const failures = [];
  let sent = 0;
  const started = performance.now();
  for (const [index, route] of routes.entries()) {
    // Route by route, so that the bodies of only one route's requests are held at a time.
    const requests = fc.sample(badRequests(route, ids), { numRuns: perRoute, seed: SEED + index });
    await pool(requests, CONCURRENCY, async (request) => {
      let failure;
      try {
        const answer = await send(base, request, cookies);
        byStatus.set(answer.status, (byStatus.get(answer.status) ?? 0) + 1);
        failure = judge(route, request, answer);
      } catch (error) {
        byStatus.set('no answer', (byStatus.get('no answer') ?? 0) + 1);
        failure = `no answer: ${error.cause?.code ?? error.message}`;
      }
      sent += 1;
      if (failure) failures.push(`${describe(request).slice(0, 400)}\n    → ${failure}`);
    });
  }
  const seconds = (performance.now() - started) / 1000;
  const after = await snapshot();
  const ready = await fetch(`${base}/readyz`).then(
    (response) => response.status,
    (error) => error.cause?.code ?? error.message,
  );

  const fiveHundreds = [...byStatus].reduce(
    (sum, [status, count]) => sum + (typeof status === 'number' && status >= 500 ? count : 0),
    0,
  );
  const changed = before
    ? Object.keys({ ...before, ...after }).filter((table) => before[table] !== after[table])
    : undefined;
  console.log(
    `${sent} bad requests to ${routes.length} routes, ${CONCURRENCY} at a time, seed ${SEED}: ` +
      `${seconds.toFixed(1)} s (${Math.round(sent / seconds)} requests/s)`,
  );
  console.log(
    'by status:',
    [...byStatus]
      .sort(([a], [b]) => String(a).localeCompare(String(b)))
      .map(([status, count]) => `${status} × ${count}`)
      .join(', '),
  );
  console.log(
    `5xx answers: ${fiveHundreds}; other wrong answers: ${failures.length - fiveHundreds}`,
  );
  for (const failure of failures.slice(0, 10)) console.log(`  ${failure}`);
  for (const line of serverErrors.slice(0, 5))
    console.log(`  server error: ${line.msg} ${line.err?.message ?? ''}`);
  console.log(
    changed === undefined
      ? 'state changes: not checked (give --database-url)'
      : `state changes: ${changed.length} of ${Object.keys(before).length} tables` +
          (changed.length ? ` (${changed.join(', ')})` : ''),
  );
  console.log(`server alive after: GET /readyz → ${ready}`);
  process.exitCode = failures.length > 0 || changed?.length || ready !== 200 ? 1 : 0;
} finally {
  for (const cleanUp of cleanUps) await cleanUp();
}
