// How fast a new order reaches the delivery agents' phones: the delay from the HTTP answer of
// an order placement to the `order:created` event at each connected agent socket (p50 / p99 over
// every socket and round), the same from the moment the request was sent, the events no socket
// heard, the server's memory per connected socket, and the CPU a round cost the servers and the
// listeners; beside the same measures for a bare Socket.IO broadcast with no database (the
// ceiling), in one run. Both servers hand the event to the sockets, then write the answer (the
// store: commit, emit, answer; the bare one: emit, answer), so a socket may hear it before the
// answer arrives (a negative delay); the delay from the request sent counts everything, the
// store's database work included. The sockets listen in several processes
// (bench/realtime-listeners.mjs), so the delay of one client event loop taking thousands of
// frames is not counted as the server's.
// Run after `npm run build` (uses server/dist and 127.0.0.1 only; a new database of the
// PostgreSQL at DATABASE_URL, dropped afterwards, or else an embedded one in a temporary folder):
//   node bench/realtime.mjs [--sockets 1000] [--rounds 20] [--listeners 4] [--targets FILE]
// `--instances 2` starts two servers on one PostgreSQL database (DATABASE_URL required) sharing
// REDIS_URL (required), half the sockets on each, orders placed on the first; and the ceiling
// likewise, two bare servers sharing REDIS_URL through the store's adapter.
// Figures only, no assertions. Bounded: the whole run stops after 5 minutes and one more a
// thousand sockets (pairing an agent a socket is most of the run).
import { fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { MAX_OPEN_ORDERS } from '@kirana/shared';
import { cpuSince, cpuTimes } from './cpu-times.mjs';
import { createDatabase } from './database.mjs';
import { BENCH_ADDRESS, browser, pairedAgent } from './http-client.mjs';
import { onJsonLines } from './server-output.mjs';
import { reportTarget } from './targets-file.mjs';

const { values } = parseArgs({
  options: {
    sockets: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '20' },
    instances: { type: 'string', default: '1' },
    listeners: { type: 'string', default: '4' },
    targets: { type: 'string' },
  },
});
const SOCKETS = Number(values.sockets);
const ROUNDS = Number(values.rounds);
const INSTANCES = Number(values.instances);
const LISTENERS = Number(values.listeners);
// One shopper places every order, all of them open and unpaid: at most as many as a shop may
// let one shopper hold (set so in the bench's shop below), the warm-up's included.
if (!(ROUNDS >= 1 && ROUNDS < MAX_OPEN_ORDERS.max)) {
  console.error(`bench/realtime: --rounds takes 1 to ${MAX_OPEN_ORDERS.max - 1}`);
  process.exit(2);
}
if (INSTANCES !== 1 && INSTANCES !== 2) {
  console.error('bench/realtime: --instances takes 1 or 2');
  process.exit(2);
}
if (!(LISTENERS >= 1 && SOCKETS >= LISTENERS)) {
  console.error('bench/realtime: --listeners takes 1 to --sockets');
  process.exit(2);
}
if (INSTANCES === 2 && !(process.env.DATABASE_URL && process.env.REDIS_URL)) {
  console.error('bench/realtime: --instances 2 needs DATABASE_URL and REDIS_URL');
  process.exit(2);
}
const ROOT = path.resolve(import.meta.dirname, '..');
// Each socket is a file descriptor in a listener process and one in a server: a listener holds
// SOCKETS / LISTENERS, an instance SOCKETS / INSTANCES (at most SOCKET_LIMITS.total, 10,000).
const SOCKETS_PER_INSTANCE = Math.ceil(SOCKETS / INSTANCES);
if (SOCKETS_PER_INSTANCE > 10_000) {
  console.error('bench/realtime: an instance holds at most 10,000 sockets (SOCKET_LIMITS)');
  process.exit(2);
}

const DEADLINE_MINUTES = 5 + Math.ceil(SOCKETS / 1000);
const deadline = setTimeout(() => {
  console.error(`bench/realtime: gave up after ${DEADLINE_MINUTES} minutes`);
  process.exit(1);
}, DEADLINE_MINUTES * 60_000);
deadline.unref();

const now = () => Number(process.hrtime.bigint()) / 1e6;

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
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  return Promise.race([
    next((line) => line.port).then(({ port }) => ({ port, pid: child.pid, memory, stop })),
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

/** Runs `work` on each of `items`, `concurrency` at a time. */
async function eachAtMost(concurrency, items, work) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** A listener process (bench/realtime-listeners.mjs) and the next IPC message it sends. */
function startListener() {
  const child = fork(path.join(ROOT, 'bench/realtime-listeners.mjs'), [], { stdio: 'inherit' });
  const next = (key) =>
    new Promise((resolve, reject) => {
      const onMessage = (message) => {
        if (message.failed) reject(new Error(`a listener could not connect: ${message.failed}`));
        else if (key in message) resolve(message);
        else return;
        child.off('message', onMessage);
      };
      child.on('message', onMessage);
    });
  return { child, next };
}

/**
 * Connects one socket a spec (`{ url, cookie?, instance }`), the specs dealt round-robin over
 * LISTENERS processes, so every process holds sockets of every instance.
 */
async function connectListeners(specs) {
  const listeners = Array.from({ length: LISTENERS }, startListener);
  const close = () => {
    for (const { child } of listeners) if (child.connected) child.send({ disconnect: true });
  };
  try {
    await Promise.all(
      listeners.map(async (listener, index) => {
        const connected = listener.next('connected');
        listener.child.send({ connect: specs.filter((_, each) => each % LISTENERS === index) });
        await connected;
      }),
    );
  } catch (error) {
    close();
    throw error;
  }
  return { listeners, close };
}

/**
 * Runs `trigger` (which answers when its HTTP answer arrived) `ROUNDS` times and collects, per
 * instance, the milliseconds from that answer to each socket's `order:created`; over every
 * socket, the milliseconds from the request's start to it (`fromRequest`: whatever the server
 * did before or after answering); the count of sockets that heard nothing within the
 * listeners' round timeout (10 s); and, per round, the CPU ms the `servers` (their pids) and
 * the listeners spent from the request to the last socket's event, and that time (`rounds`).
 */
async function measure({ listeners }, trigger, servers) {
  const delays = Array.from({ length: INSTANCES }, () => []);
  const fromRequest = [];
  const rounds = [];
  let missed = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    await Promise.all(
      listeners.map(async (listener) => {
        const armed = listener.next('armed');
        listener.child.send({ arm: round });
        await armed;
      }),
    );
    const heard = listeners.map((listener) => listener.next('arrivals'));
    const serversBefore = await cpuTimes(servers);
    const requestedAt = now();
    await trigger();
    const answeredAt = now();
    const results = await Promise.all(heard);
    const serverCpu = cpuSince(serversBefore, await cpuTimes(servers));
    let missedThisRound = 0;
    let last = 0;
    let listenerCpu = 0;
    for (const { arrivals, missed: none, cpu } of results) {
      for (const [instance, at] of arrivals) {
        delays[instance].push(at - answeredAt);
        fromRequest.push(at - requestedAt);
        last = Math.max(last, at - requestedAt);
      }
      missedThisRound += none;
      listenerCpu += cpu;
    }
    rounds.push({ serverCpu, listenerCpu, last });
    if (missedThisRound > 0)
      console.warn(`round ${round + 1}: ${missedThisRound} sockets heard nothing`);
    missed += missedThisRound;
    await settle(100);
  }
  for (const each of delays) each.sort((a, b) => a - b);
  fromRequest.sort((a, b) => a - b);
  return { delays, all: delays.flat().sort((a, b) => a - b), fromRequest, missed, rounds };
}

const percentile = (sorted, p) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

function report(name, delays, memory) {
  const ms = (value) => `${value.toFixed(1).padStart(7)} ms`;
  const kb = (bytes) => `${(bytes / 1024).toFixed(1).padStart(6)} kB`;
  console.log(
    `${name.padEnd(40)} p50 ${ms(percentile(delays, 0.5))}   p99 ${ms(percentile(delays, 0.99))}` +
      (memory ? `   a socket: heap ${kb(memory.heap)}, resident ${kb(memory.rss)}` : ''),
  );
}

async function benchKirana() {
  const dataDirs = await Promise.all(
    Array.from({ length: INSTANCES }, () => mkdtemp(path.join(tmpdir(), 'kirana-bench-'))),
  );
  const database = process.env.DATABASE_URL
    ? await createDatabase(process.env.DATABASE_URL, 'realtime')
    : undefined;
  const servers = [];
  const sessionSecret = randomBytes(32).toString('hex');
  let sockets;
  try {
    // One after the other: the first migrates and seeds the database the second then finds.
    for (const [index, dataDir] of dataDirs.entries()) {
      servers.push(
        await start('server/dist/main.js', {
          PORT: '0',
          DATA_DIR: dataDir,
          DATABASE_URL: database?.url ?? '',
          LOG_LEVEL: 'info', // its `port` is an info line
          SEED_DEMO_DATA: index === 0 ? 'true' : '',
          REDIS_URL: INSTANCES === 2 ? process.env.REDIS_URL : '',
          // Channels of this run's own, whatever else shares the Redis.
          REDIS_KEY_PREFIX: `kirana-bench-${process.pid}:`,
          // One key for both, so either instance reads the session cookies the first signed.
          SESSION_SECRET: sessionSecret,
        }),
      );
    }
    const bases = servers.map(({ port }) => `http://127.0.0.1:${port}`);
    const seller = browser(bases[0]);
    await seller.send('POST', '/api/seller/login', {
      email: process.env.SELLER_EMAIL ?? 'admin@kirana.local',
      password: process.env.SELLER_PASSWORD ?? 'kirana-admin',
    });
    await seller.send('PUT', '/api/shop', { maxOpenOrders: MAX_OPEN_ORDERS.max });
    // Every socket is a paired agent's phone of its own (AGENT_LOGIN=paired): an invite, a
    // pairing and a login each, a few agents at a time.
    const agents = new Array(SOCKETS);
    const pairingStarted = now();
    await eachAtMost(8, [...agents.keys()], async (index) => {
      const { phoneApp } = await pairedAgent(bases[0], seller, {
        name: `Agent ${index + 1}`,
        phone: `9${String(100_000_000 + index)}`,
      });
      agents[index] = phoneApp;
    });
    console.log(`${SOCKETS} agents paired in ${((now() - pairingStarted) / 1000).toFixed(0)} s`);
    const shopper = browser(bases[0]);
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

    const before = await Promise.all(servers.map(({ memory }) => memory()));
    sockets = await connectListeners(
      agents.map((agent, index) => ({
        url: `${bases[index % INSTANCES]}/agents`,
        cookie: agent.cookie(),
        instance: index % INSTANCES,
      })),
    );
    await settle(1000);
    const after = await Promise.all(servers.map(({ memory }) => memory()));
    const measured = await measure(
      sockets,
      () => shopper.send('POST', '/api/order/cod', order),
      servers.map(({ pid }) => pid),
    );
    return {
      ...measured,
      memory: perSocket(before[0], after[0], Math.ceil(SOCKETS / INSTANCES)),
    };
  } finally {
    sockets?.close();
    await Promise.all(servers.map(({ stop }) => stop()));
    await database?.drop();
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  }
}

/**
 * The same rounds against the bare broadcast (bench/bare-socket-server.mjs): as many instances as
 * the store's, sharing REDIS_URL through the store's adapter when two, the sockets dealt alike
 * and the broadcast asked of the first.
 */
async function benchBare() {
  const servers = [];
  let sockets;
  try {
    for (let index = 0; index < INSTANCES; index += 1) {
      servers.push(
        await start('bench/bare-socket-server.mjs', {
          REDIS_URL: INSTANCES === 2 ? process.env.REDIS_URL : '',
          REDIS_KEY_PREFIX: `kirana-bench-bare-${process.pid}:`,
        }),
      );
    }
    const bases = servers.map(({ port }) => `http://127.0.0.1:${port}`);
    const before = await servers[0].memory();
    sockets = await connectListeners(
      Array.from({ length: SOCKETS }, (_, index) => ({
        url: `${bases[index % INSTANCES]}/agents`,
        instance: index % INSTANCES,
      })),
    );
    await settle(1000);
    const after = await servers[0].memory();
    const measured = await measure(
      sockets,
      async () => {
        const response = await fetch(`${bases[0]}/broadcast`, { method: 'POST' });
        await response.json();
      },
      servers.map(({ pid }) => pid),
    );
    return { ...measured, memory: perSocket(before, after, SOCKETS_PER_INSTANCE) };
  } finally {
    sockets?.close();
    await Promise.all(servers.map(({ stop }) => stop()));
  }
}

/**
 * Where a round's time went, medians over the rounds: the CPU the servers and the listeners
 * spent from the request to the last socket's event, beside that time on the machine's cores.
 */
function reportCpu(rounds) {
  const median = (key) =>
    percentile(
      rounds.map((round) => round[key]).sort((a, b) => a - b),
      0.5,
    );
  const [server, listener, last] = ['serverCpu', 'listenerCpu', 'last'].map(median);
  console.log(
    `  a round, median: CPU ${server.toFixed(0)} ms in the server(s), ${listener.toFixed(0)} ms ` +
      `in the listeners (${((listener * 1000) / SOCKETS).toFixed(1)} µs an event); the last ` +
      `socket heard it ${last.toFixed(0)} ms after the request (${cpus().length} cores)`,
  );
}

// As bench/targets.mjs's table names the figures: "N sockets, one instance", "N sockets over two".
const where = INSTANCES === 1 ? ', one instance' : ' over two instances';
console.log(
  `${SOCKETS} agent sockets${where}, ${ROUNDS} rounds, ${LISTENERS} listener processes: delay ` +
    "from the HTTP answer to each socket's event (negative: the event came first); " +
    `load average ${loadavg()[0].toFixed(1)}`,
);
const kirana = await benchKirana();
report('Kirana: COD order → agent sockets', kirana.all, kirana.memory);
report('  from the request sent', kirana.fromRequest);
if (INSTANCES === 2) {
  report('  on the instance that took the order', kirana.delays[0]);
  report('  on the other instance', kirana.delays[1]);
}
reportCpu(kirana.rounds);
console.log(`missed events: ${kirana.missed} of ${SOCKETS * ROUNDS}`);
const bare = await benchBare();
report('bare Socket.IO broadcast (ceiling)', bare.all, bare.memory);
report('  from the request sent', bare.fromRequest);
if (INSTANCES === 2) {
  report('  on the instance asked', bare.delays[0]);
  report('  on the other instance', bare.delays[1]);
}
reportCpu(bare.rounds);
console.log(`missed events: ${bare.missed} of ${SOCKETS * ROUNDS}`);
console.log(`load average after: ${loadavg()[0].toFixed(1)}`);

const p99 = Math.round(percentile(kirana.all, 0.99) * 10) / 10;
const limit = INSTANCES === 1 ? 25 : 50;
const ceiling = `bare Socket.IO${where}: p99 ${percentile(bare.all, 0.99).toFixed(1)} ms`;
reportTarget(values.targets, {
  figure: `live update p99, ${SOCKETS} sockets${where}`,
  value: p99,
  unit: 'ms',
  target: `≤ ${limit} ms`,
  met: p99 <= limit,
  ceiling,
});
reportTarget(values.targets, {
  figure: `missed events, ${SOCKETS} sockets${where}`,
  value: kirana.missed,
  unit: 'events',
  target: '0',
  met: kirana.missed === 0,
  ceiling: `bare Socket.IO: ${bare.missed}`,
});
