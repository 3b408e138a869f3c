// How fast a new order reaches the delivery agents' phones: the delay from the HTTP answer of
// an order placement to the `order:created` event at each of 1,000 connected agent sockets
// (p50 / p99 over every socket and round), and the server's memory per connected socket; beside
// the same measure for a bare Socket.IO broadcast with no database (the ceiling), in one run.
// Run after `npm run build` (uses server/dist, an embedded database in a temporary folder unless
// DATABASE_URL is set, and 127.0.0.1 only):
//   node bench/realtime.mjs [--sockets 1000] [--rounds 20]
// Figures only, no assertions. Bounded: the whole run stops after 5 minutes.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { MAX_OPEN_ORDERS } from '@kirana/shared';
import { io } from 'socket.io-client';
import { BENCH_ADDRESS, browser, pairedAgent } from './http-client.mjs';
import { onJsonLines } from './server-output.mjs';

const { values } = parseArgs({
  options: {
    sockets: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '20' },
  },
});
const SOCKETS = Number(values.sockets);
const ROUNDS = Number(values.rounds);
// One shopper places every order, all of them open and unpaid: at most as many as a shop may
// let one shopper hold (set so in the bench's shop below), the warm-up's included.
if (!(ROUNDS >= 1 && ROUNDS < MAX_OPEN_ORDERS.max)) {
  console.error(`bench/realtime: --rounds takes 1 to ${MAX_OPEN_ORDERS.max - 1}`);
  process.exit(2);
}
const ROUND_TIMEOUT_MS = 10_000;
const ROOT = path.resolve(import.meta.dirname, '..');

const deadline = setTimeout(() => {
  console.error('bench/realtime: gave up after 5 minutes');
  process.exit(1);
}, 5 * 60_000);
deadline.unref();

/**
 * Starts `script` with node and bench/memory-probe.mjs preloaded; resolves once it prints the
 * JSON line with its `port`, with `memory()`: its memory after a forced garbage collection.
 */
function start(script, env) {
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--import', './bench/memory-probe.mjs', script],
    { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const waiting = new Set();
  onJsonLines(child.stdout, (line) => {
    for (const waiter of waiting) waiter(line);
  });
  const next = (match) =>
    new Promise((resolve) => {
      const waiter = (line) => {
        if (!match(line)) return;
        waiting.delete(waiter);
        resolve(line);
      };
      waiting.add(waiter);
    });
  const memory = async () => {
    const probe = next((line) => line.memoryProbe);
    child.kill('SIGUSR2');
    return (await probe).memoryProbe;
  };
  return Promise.race([
    next((line) => line.port).then(({ port }) => ({ child, port, memory })),
    new Promise((_, reject) =>
      child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`))),
    ),
  ]);
}

/** Bytes a socket: the growth of the live heap and of resident memory, over `count` sockets. */
const perSocket = (before, after, count) => ({
  heap: (after.heapUsed + after.external - before.heapUsed - before.external) / count,
  rss: (after.rss - before.rss) / count,
});

const settle = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Connects `count` sockets to `url` (each with `cookieOf(index)`), a few at a time. */
async function connectSockets(url, count, cookieOf = () => undefined) {
  const sockets = [];
  for (let index = 0; index < count; index += 50) {
    const batch = Array.from({ length: Math.min(50, count - index) }, (_, offset) => {
      const cookie = cookieOf(index + offset);
      const socket = io(url, {
        path: '/socket.io',
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        extraHeaders: cookie ? { cookie } : {},
      });
      return new Promise((resolve, reject) => {
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', reject);
      });
    });
    sockets.push(...(await Promise.all(batch)));
  }
  return sockets;
}

/**
 * Runs `trigger` (which answers when its HTTP answer arrived) `ROUNDS` times and collects, per
 * socket and round, the milliseconds from that answer to the socket's `order:created`.
 */
async function measure(sockets, trigger) {
  const delays = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    let answeredAt;
    const arrivals = [];
    const arrived = new Promise((resolve) => {
      const timer = setTimeout(resolve, ROUND_TIMEOUT_MS);
      for (const socket of sockets) {
        socket.once('order:created', () => {
          arrivals.push(performance.now());
          if (arrivals.length === sockets.length) {
            clearTimeout(timer);
            resolve();
          }
        });
      }
    });
    await trigger();
    answeredAt = performance.now();
    await arrived;
    if (arrivals.length < sockets.length)
      console.warn(`round ${round + 1}: ${sockets.length - arrivals.length} sockets heard nothing`);
    delays.push(...arrivals.map((at) => at - answeredAt));
  }
  return delays.sort((a, b) => a - b);
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

function report(name, delays, memory) {
  const ms = (value) => `${value.toFixed(1).padStart(7)} ms`;
  const kb = (bytes) => `${(bytes / 1024).toFixed(1).padStart(6)} kB`;
  console.log(
    `${name.padEnd(34)} p50 ${ms(percentile(delays, 0.5))}   p99 ${ms(percentile(delays, 0.99))}   ` +
      `a socket: heap ${kb(memory.heap)}, resident ${kb(memory.rss)}`,
  );
}

async function benchKirana() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kirana-bench-'));
  const { child, port, memory } = await start('server/dist/main.js', {
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    SEED_DEMO_DATA: 'true',
    REDIS_URL: '',
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    const seller = browser(base);
    await seller.send('POST', '/api/seller/login', {
      email: process.env.SELLER_EMAIL ?? 'admin@kirana.local',
      password: process.env.SELLER_PASSWORD ?? 'kirana-admin',
    });
    await seller.send('PUT', '/api/shop', { maxOpenOrders: MAX_OPEN_ORDERS.max });
    const agents = [];
    for (let index = 0; index < SOCKETS; index += 1) {
      const { phoneApp } = await pairedAgent(base, seller, {
        name: `Agent ${index + 1}`,
        phone: `9${String(100_000_000 + index)}`,
      });
      agents.push(phoneApp);
    }
    const shopper = browser(base);
    await shopper.send('POST', '/api/user/register', {
      name: 'Bench Shopper',
      email: `bench-${Date.now()}@example.com`,
      password: 'bench-password-1',
    });
    const { address } = await shopper.send('POST', '/api/address/add', {
      address: BENCH_ADDRESS,
    });
    const { products } = await shopper.send('GET', '/api/product/list');
    const product = products.find((each) => each.inStock);
    const order = { items: [{ product: product._id, quantity: 1 }], address: address._id };
    await shopper.send('POST', '/api/order/cod', order); // warm-up

    const before = await memory();
    const sockets = await connectSockets(`${base}/agents`, SOCKETS, (index) =>
      agents[index].cookie(),
    );
    await settle(1000);
    const after = await memory();
    const delays = await measure(sockets, () => shopper.send('POST', '/api/order/cod', order));
    for (const socket of sockets) socket.disconnect();
    return { delays, memory: perSocket(before, after, SOCKETS) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function benchBare() {
  const { child, port, memory } = await start('bench/bare-socket-server.mjs', {});
  const base = `http://127.0.0.1:${port}`;
  try {
    const before = await memory();
    const sockets = await connectSockets(`${base}/agents`, SOCKETS);
    await settle(1000);
    const after = await memory();
    const delays = await measure(sockets, async () => {
      const response = await fetch(`${base}/broadcast`, { method: 'POST' });
      await response.json();
    });
    for (const socket of sockets) socket.disconnect();
    return { delays, memory: perSocket(before, after, SOCKETS) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

console.log(
  `${SOCKETS} agent sockets, ${ROUNDS} rounds: delay from the HTTP answer to each socket's event ` +
    '(negative: the event came first)',
);
const kirana = await benchKirana();
report('Kirana: COD order → agent sockets', kirana.delays, kirana.memory);
const bare = await benchBare();
report('bare Socket.IO broadcast (ceiling)', bare.delays, bare.memory);
