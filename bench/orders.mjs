// Placing cash-on-delivery orders: 50 signed-in shoppers at once, each placing order after order
// (2–4 products of the demo catalogue, an Idempotency-Key each, as the storefront sends them)
// over keep-alive HTTP; orders/s and the latency of each placement (p50 / p99). Beside it, in the
// same run, the ceiling: raw `pg`, as many clients, running the statements of the server's
// transaction (CEILING_STATEMENTS below), one transaction per order. Rounds alternate, server then
// ceiling (A B A B …), so both see the same load on the machine; the ratio compares their sums.
// Afterwards every order the server answered is checked in the database: its items and amount
// as priced from the catalogue, its history line, its key, and no order beyond those answered.
// Run after `npm run build`, with a PostgreSQL server (a new database is made for the run and
// dropped afterwards); the server is server/dist/main.js on 127.0.0.1:
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/orders.mjs
//     [--shoppers 50] [--seconds 10] [--rounds 2] [--warmup 2] [--only server|ceiling]
//     [--rate N] [--cpu-profile FILE.cpuprofile] [--server server/src/main.ts] [--targets FILE]
// --cpu-profile: V8's CPU profile of the server over the measured rounds (taken through its
// inspector, on 127.0.0.1), as `node --cpu-prof` writes one; summarise it with
// bench/cpu-profile.mjs. --rate: N orders a second due in all, each taken by a free shopper
// (latency then counts from when an order was due), instead of each shopper ordering again as
// soon as answered. --server: the entry to start (a .ts one through tsx, as the tests run it):
// server/src/main.ts needs no build, and another checkout's compares two versions. --targets:
// appends its three target figures to FILE (bench/targets-file.mjs): the server's CPU an order,
// its orders/s against the ceiling's, its p99.
// Figures only; exits 1 when the check fails.
// Bounded: the whole run stops after 10 minutes.
import { spawn } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { cartTotals, PROMISE_MINUTES } from '@kirana/shared';
import pg from 'pg';
import { uuidv7 } from 'uuidv7';
import { cpuSince, cpuTimes } from './cpu-times.mjs';
import { createDatabase } from './database.mjs';
import { BENCH_ADDRESS, browser } from './http-client.mjs';
import { onJsonLines } from './server-output.mjs';
import { reportTarget } from './targets-file.mjs';

const { values } = parseArgs({
  options: {
    shoppers: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '2' },
    rate: { type: 'string' },
    warmup: { type: 'string', default: '2' },
    'cpu-profile': { type: 'string' },
    only: { type: 'string' },
    server: { type: 'string', default: 'server/dist/main.js' },
    targets: { type: 'string' },
  },
});
const SHOPPERS = Number(values.shoppers);
const ROUND_MS = Number(values.seconds) * 1000;
const ROUNDS = Number(values.rounds);
const WARMUP_MS = Number(values.warmup) * 1000;
/** Orders a second in all, when given: an open load, below what the store can take. */
const RATE = values.rate === undefined ? undefined : Number(values.rate);
const PROFILE = values['cpu-profile'] && path.resolve(values['cpu-profile']);
const SIDES = values.only ? [values.only] : ['server', 'ceiling'];
if (!SIDES.every((side) => side === 'server' || side === 'ceiling')) {
  console.error('bench/orders: --only takes server or ceiling');
  process.exit(2);
}
const ROOT = path.resolve(import.meta.dirname, '..');
const ADMIN_URL = process.env.DATABASE_URL;
if (!ADMIN_URL) {
  console.error('bench/orders: set DATABASE_URL to a PostgreSQL server (postgres://…/postgres)');
  process.exit(2);
}

const deadline = setTimeout(() => {
  console.error('bench/orders: gave up after 10 minutes');
  process.exit(1);
}, 10 * 60_000);
deadline.unref();

/**
 * The most open unpaid orders one shopper may hold in the bench's shop (the most a smallint
 * holds): its shoppers order again and again, far past what a shop lets one hold (`PUT /api/shop`
 * takes up to 50), so the setting is written straight into the bench's own database, then the
 * seller saves the settings unchanged otherwise, which makes the server read them anew (it keeps
 * them between changes). Every placement still counts the shopper's open orders, the server's and
 * the ceiling's alike.
 */
const MOST_OPEN_ORDERS = 32_767;

/**
 * The statements of the server's transaction placing a COD order (placeOrder in
 * server/src/modules/order/order.service.ts, its texts in placement-statements.ts, the key's claim
 * in order-idempotency.service.ts, the take in product/take-for-sale.ts and stock-units.ts), as
 * the ceiling sends them, with the same parameters, each that takes values as a named statement
 * (as lib/prepared-statement.ts `named` has the server send them): kept in step by hand. Before
 * measuring, the bench reads the statements the server sends for one order (bench/sql-probe.mjs)
 * and says when these differ. Besides, a placement reads its session (unless cached) and the
 * shop's settings (unless kept) before its transaction, and after commit the push processor
 * reads the phones to alert: none of these is in the ceiling.
 */
const CEILING_STATEMENTS = {
  begin: () => 'begin',
  /**
   * The shopper's row held (their cart emptied), the shopper's keys past their 24 hours swept,
   * and this key claimed (or taken over).
   */
  claimKey: () => `
    with held as (
      update users set cart_items = '{}' where id = $1
    ), swept as (
      delete from order_idempotency_keys where user_id = $1 and created_at <= $2 and key <> $3
    )
    insert into order_idempotency_keys (id, user_id, key, fingerprint, created_at)
    values ($4, $1, $3, $5, $6)
    on conflict (user_id, key) do update set id = excluded.id, fingerprint = excluded.fingerprint,
      created_at = excluded.created_at, order_id = null, answer_status = null, answer = null
      where order_idempotency_keys.created_at <= $2
    returning id`,
  /** The shopper's address as the order keeps it, and their open unpaid orders counted. */
  address: () => `
    select id, first_name, last_name, email, phone, street, city, state, zipcode, country,
      (select count(*)::int from orders as o where o.user_id = $1 and not o.is_paid
        and o.status not in ('Delivered', 'Cancelled')
        and (o.expires_at is null or o.expires_at > $2)) as open_unpaid
    from addresses where id = $3 and user_id = $1`,
  /**
   * The units of counted products taken (none in the demo catalogue: it counts none), and every
   * product ordered read, also as the order's live event lists it once taken: `$1` the time, then
   * `(product, quantity)` pairs.
   */
  read: (count) => `
    with asked as (
      select coalesce(p.draws_from, p.id) as id,
        sum(asked.quantity * coalesce(p.pack_quantity, 1)) as quantity
      from (values ${pairs(2, count)}) as asked(product_id, quantity)
      inner join products as p on p.id = asked.product_id
      group by coalesce(p.draws_from, p.id)
    ), taken as (
      update products as s set stock_count = greatest(s.stock_count - a.quantity, 0),
        past_count = s.past_count + greatest(a.quantity - s.stock_count, 0),
        in_stock = s.stock_count - a.quantity > 0, updated_at = $1
      from asked as a
      where s.id = a.id and s.in_stock and s.stock_count >= a.quantity
      returning s.id, s.in_stock, s.stock_count, s.past_count, s.updated_at
    )
    select p.id, p.name, p.offer_price_paise, p.in_stock, p.archived_at, p.unit, p.steps,
      p.pack_quantity, p.hsn, p.gst_rate, coalesce(s.id, p.id) as stock_id,
      coalesce(s.name, p.name) as stock_name, coalesce(s.unit, p.unit) as stock_unit,
      (p.in_stock and coalesce(s.in_stock, p.in_stock)) as stock_in_stock,
      s.archived_at is not null as stock_archived,
      coalesce(s.stock_count, p.stock_count) as stock_count, a.quantity as asked,
      coalesce(p.draws_from, p.id) in (select taken.id from taken) as taken,
      p.id as product_id, p.name as product_name, p.category, p.description, p.price_paise,
      p.images, coalesce(t.in_stock, p.in_stock) as product_in_stock,
      case when t.id is null then p.stock_count else t.stock_count end as product_stock_count,
      coalesce(t.past_count, p.past_count) as product_past_count, p.weight, p.sku, p.barcode,
      p.scale_code, p.family, p.pack_label, p.draws_from, p.hsn as product_hsn,
      p.gst_rate as product_gst_rate, p.created_at as product_created_at,
      coalesce(t.updated_at, p.updated_at) as product_updated_at
    from products as p
    left join products as s on s.id = p.draws_from
    left join asked as a on a.id = coalesce(p.draws_from, p.id)
    left join taken as t on t.id = p.id
    where p.id in (${Array.from({ length: count }, (_, index) => `$${2 + 2 * index}`).join(', ')})`,
  /**
   * The order (its id `$1`, the time `$14`), its items, its history line (`$15`) and the key's
   * record of it with the answer.
   */
  write: (count) => `
    with placed_order as (
      insert into orders (id, user_id, address, subtotal_paise, tax_paise, tax_mode, amount_paise,
        delivery_fee_paise, payment_type, expires_at, offered_at, promised_at, delivery_pin,
        created_at, updated_at, status, is_paid, refund_paise)
      values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14, 'Order Placed',
        false, 0)
    ), placed_items as (
      insert into order_items (id, order_id, position, product_id, quantity, unit,
        unit_price_paise, stock_product_id, stock_quantity, stock_taken, hsn, gst_rate,
        taxable_paise, cgst_paise, sgst_paise)
      values ${Array.from(
        { length: count },
        (_, index) => `($${16 + 13 * index}, $1, ${index}, ${placeholders(17 + 13 * index, 12)})`,
      ).join(', ')}
    ), placed_history as (
      insert into order_events (id, order_id, type, actor_role, actor_id, to_status, created_at)
      values ($15, $1, 'placed', 'user', $2, 'Order Placed', $14)
    )
    update order_idempotency_keys set order_id = $1, answer_status = $${16 + 13 * count},
      answer = $${17 + 13 * count}
    where id = $${18 + 13 * count}`,
  commit: () => 'commit',
};

/** `($from::uuid, $from+1::bigint), …`: each of `count` lines' product and quantity. */
function pairs(from, count) {
  return Array.from(
    { length: count },
    (_, index) => `($${from + 2 * index}::uuid, $${from + 2 * index + 1}::bigint)`,
  ).join(', ');
}

/** `$from, $from+1, …`: `width` placeholders. */
function placeholders(from, width) {
  return Array.from({ length: width }, (_, column) => `$${from + column}`).join(', ');
}

/** One order as the server's transaction places it, through raw `pg` (see CEILING_STATEMENTS). */
async function placeWithPg(pool, shopper, lines) {
  const sql = CEILING_STATEMENTS;
  const key = randomUUID();
  const now = new Date();
  const expired = new Date(now.getTime() - 24 * 3600_000);
  const client = await pool.connect();
  const run = (text, values) => client.query(asNamed(text, values));
  try {
    await client.query(sql.begin());
    const fingerprint = createHash('sha256')
      .update(JSON.stringify(['cod', shopper.addressId, lines]))
      .digest('hex');
    const claimId = uuidv7();
    const claim = await run(sql.claimKey(), [
      ...[shopper.id, expired, key],
      ...[claimId, fingerprint, now],
    ]);
    if (claim.rowCount !== 1) throw new Error('the ceiling lost its own key');
    const [address] = (await run(sql.address(), [shopper.id, now, shopper.addressId])).rows;
    if (!address) throw new Error('the ceiling lost its address');
    if (address.open_unpaid >= MOST_OPEN_ORDERS) throw new Error('the ceiling holds too many');

    const { rows } = await run(sql.read(lines.length), [
      now,
      ...lines.flatMap(({ product, quantity }) => [product, quantity]),
    ]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const priced = lines.map(({ product, quantity }) => {
      const row = byId.get(product);
      if (!row?.stock_in_stock || row.archived_at || row.stock_archived)
        throw new Error(`the ceiling cannot order ${product}`);
      if (row.stock_count !== null && !row.taken) throw new Error(`${product}: too few left`);
      return { product, quantity, unitPrice: row.offer_price_paise, row };
    });
    const totals = cartTotals(priced);
    // When it should arrive: the bench's shop promises what a new store does.
    const promised = new Date(now.getTime() + PROMISE_MINUTES.default * 60_000);

    const orderId = uuidv7();
    const snapshot = {
      addressId: address.id,
      firstName: address.first_name,
      lastName: address.last_name,
      email: address.email,
      phone: address.phone,
      street: address.street,
      city: address.city,
      state: address.state,
      zipcode: address.zipcode,
      country: address.country,
    };
    const answer = { success: true, message: 'Order Placed Successfully', orderId };
    // The bench's shop bills as a new store does ('spec'): no line carries its tax.
    await run(sql.write(priced.length), [
      ...[orderId, shopper.id, snapshot, totals.subtotal, totals.tax, 'spec', totals.total],
      ...[totals.shipping, 'COD', null, now, promised, null, now, uuidv7()],
      ...priced.flatMap(({ product, quantity, unitPrice, row }) => [
        ...[uuidv7(), product, quantity, row.unit, unitPrice, row.stock_id],
        ...[quantity * (row.pack_quantity ?? 1), row.taken, row.hsn, row.gst_rate],
        ...[null, null, null],
      ]),
      ...[201, answer, claimId],
    ]);
    await client.query(sql.commit());
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

/** The ceiling's statements' names, by their texts. */
const statementNames = new Map();

/** Statement `text` with `values` as a named statement, named as the server names it. */
function asNamed(text, values) {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `kirana_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
    statementNames.set(text, name);
  }
  return { name, text, values };
}

/** A statement's text without its quotes and layout, to compare the server's and the ceiling's. */
const normalised = (text) =>
  text
    .replaceAll('"', '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([(),])\s*/g, '$1')
    .trim()
    .toLowerCase();

/**
 * The differences between the statements of the transaction in `sent` (from its `begin` to its
 * `commit`) and the ceiling's for an order of `count` products: none when they agree.
 */
function statementDifferences(sent, count) {
  const shown = ({ text, named }) => `${named ? '(named) ' : ''}${normalised(text)}`;
  const begin = sent.findIndex(({ text }) => normalised(text) === 'begin');
  const end = sent.findIndex(({ text }, index) => index > begin && normalised(text) === 'commit');
  const server = sent.slice(begin, end + 1).map(shown);
  // The ceiling names each statement that takes values (all but `begin` and `commit`).
  const ceiling = Object.values(CEILING_STATEMENTS).map((statement) => {
    const text = statement(count);
    return shown({ text, named: text.includes('$1') });
  });
  if (begin < 0 || end < 0) return ['no transaction seen in what the server sent'];
  return Array.from({ length: Math.max(server.length, ceiling.length) }, (_, index) =>
    server[index] === ceiling[index]
      ? undefined
      : `statement ${index + 1}:\n    server:  ${server[index] ?? '(none)'}\n    ceiling: ${ceiling[index] ?? '(none)'}`,
  ).filter(Boolean);
}

/**
 * Starts the server (--server) with `env`; resolves with its port once it serves. With `profile`
 * it listens for an inspector on 127.0.0.1 and `inspector` resolves with its WebSocket URL.
 */
function startServer(env, { profile }) {
  const entry = values.server.endsWith('.ts')
    ? ['--conditions=@kirana/source', '--import', 'tsx', values.server]
    : [values.server];
  const child = spawn(
    process.execPath,
    [
      ...(profile ? ['--inspect=127.0.0.1:0'] : []),
      ...['--import', './bench/sql-probe.mjs'],
      ...entry,
    ],
    { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const inspector = new Promise((resolve) => {
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk) => {
      const url = /Debugger listening on (ws:\S+)/.exec(chunk)?.[1];
      if (url) resolve(url);
      else if (!/Debugger attached|For help, see/.test(chunk)) process.stderr.write(chunk);
    });
  });
  const errors = [];
  const waiting = new Set();
  const serving = new Promise((resolve, reject) => {
    onJsonLines(child.stdout, (line) => {
      if (line.msg?.startsWith('Kirana is serving')) resolve(line.port);
      if (line.level >= 50) errors.push(line);
      for (const waiter of waiting) waiter(line);
    });
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
  /** The statements the server sends to the database while `work` runs (bench/sql-probe.mjs). */
  const statementsDuring = async (work) => {
    const printed = new Promise((resolve) => {
      const waiter = (line) => {
        if (!line.sqlProbe) return;
        waiting.delete(waiter);
        resolve(line.sqlProbe);
      };
      waiting.add(waiter);
    });
    child.kill('SIGUSR2');
    await settle(200);
    await work();
    await settle(200);
    child.kill('SIGUSR2');
    return printed;
  };
  return { child, errors, serving, inspector, statementsDuring };
}

const settle = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * V8's CPU profiler in the process whose inspector listens at `url` (the DevTools protocol):
 * `start()`, then `stop()` answers the profile, as `node --cpu-prof` writes it.
 */
async function cpuProfiler(url) {
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  let lastId = 0;
  const pending = new Map();
  socket.addEventListener('message', ({ data }) => {
    const message = JSON.parse(data);
    pending.get(message.id)?.(message);
    pending.delete(message.id);
  });
  const call = (method, params = {}) =>
    new Promise((resolve, reject) => {
      lastId += 1;
      pending.set(lastId, (message) =>
        message.error ? reject(new Error(message.error.message)) : resolve(message.result),
      );
      socket.send(JSON.stringify({ id: lastId, method, params }));
    });
  await call('Profiler.enable');
  // Every 1 ms, as `node --cpu-prof` samples by default.
  await call('Profiler.setSamplingInterval', { interval: 1000 });
  return {
    start: () => call('Profiler.start'),
    async stop() {
      const { profile } = await call('Profiler.stop');
      socket.close();
      return profile;
    },
  };
}

/** Runs `task(index)` for each index below `count`, `limit` at a time. */
async function inParallel(count, limit, task) {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next;
      next += 1;
      await task(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
}

/** A shopper signed up over HTTP with one saved address: their cookie and ids. */
async function signUp(base, index) {
  const person = browser(base);
  const { user } = await person.send('POST', '/api/user/register', {
    name: `Bench Shopper ${index}`,
    email: `bench-${index}-${randomBytes(4).toString('hex')}@example.com`,
    password: 'bench-password-1',
  });
  const { address } = await person.send('POST', '/api/address/add', { address: BENCH_ADDRESS });
  return { id: user._id, addressId: address._id, cookie: person.cookie() };
}

/** 2–4 different products of `catalogue`, 1–3 of each. */
function basket(catalogue) {
  const count = 2 + Math.floor(Math.random() * 3);
  const picked = new Set();
  while (picked.size < count) picked.add(catalogue[Math.floor(Math.random() * catalogue.length)]);
  return [...picked].map((product) => ({ product, quantity: 1 + Math.floor(Math.random() * 3) }));
}

/** POSTs `body` as JSON over `agent`; resolves with the status and the parsed answer. */
function post(agent, url, headers, body) {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => {
          let body;
          try {
            body = JSON.parse(text);
          } catch {
            body = { message: `not JSON: ${text.slice(0, 100)}` };
          }
          resolve({ status: response.statusCode, body });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/**
 * Every shopper places order after order through `place(shopper, lines)` until `ms` have passed,
 * each as soon as their last was answered; or with --rate, the orders are due at that rate in
 * all, each taken by a free shopper, and an order's latency counts from when it was due (a store
 * falling behind makes later orders wait, as it would make shoppers wait). Answers the count, the
 * latencies (ms) and the seconds taken.
 */
async function round(shoppers, catalogue, ms, place) {
  const latencies = [];
  const started = performance.now();
  const stopAt = started + ms;
  let due = 0;
  await Promise.all(
    shoppers.map(async (shopper) => {
      for (;;) {
        let sent = performance.now();
        if (RATE) {
          sent = started + (due * 1000) / RATE;
          due += 1;
          if (sent >= stopAt) return;
          if (sent > performance.now()) await settle(sent - performance.now());
        } else if (sent >= stopAt) return;
        await place(shopper, basket(catalogue));
        latencies.push(performance.now() - sent);
      }
    }),
  );
  return { count: latencies.length, latencies, seconds: (performance.now() - started) / 1000 };
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

function summary({ count, latencies, seconds }) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    count,
    seconds,
    perSecond: count / seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
  };
}

const format = ({ count, perSecond, p50, p99 }) =>
  `${String(Math.round(perSecond)).padStart(5)} orders/s  p50 ${p50.toFixed(1).padStart(6)} ms  ` +
  `p99 ${p99.toFixed(1).padStart(6)} ms  (${count} orders)`;

/**
 * The orders the server answered, as the database holds them: each with the items sent, priced
 * from the catalogue, its history line and its key; and no other order of the bench's shoppers
 * beyond those of the ceiling. Answers the problems found.
 */
async function verify(db, placed, ceilingCount, shopperIds) {
  const problems = [];
  const prices = new Map(
    (await db.query('select id, offer_price_paise from products')).rows.map((row) => [
      row.id,
      row.offer_price_paise,
    ]),
  );
  const { rows } = await db.query(
    `select o.id, o.user_id, o.amount_paise, o.subtotal_paise, o.tax_paise, o.address->>'addressId' as address_id,
       (select json_agg(json_build_object('product', i.product_id, 'quantity', i.quantity,
          'unitPrice', i.unit_price_paise) order by i.position) from order_items i where i.order_id = o.id) as items,
       (select count(*) from order_events e where e.order_id = o.id and e.type = 'placed')::int as placed_lines,
       (select count(*) from order_idempotency_keys k where k.order_id = o.id and k.answer_status = 201)::int as keys
     from orders o where o.id = any($1::uuid[])`,
    [[...placed.keys()]],
  );
  const stored = new Map(rows.map((row) => [row.id, row]));
  for (const [orderId, sent] of placed) {
    const row = stored.get(orderId);
    if (!row) {
      problems.push(`order ${orderId} was answered but is not in the database`);
      continue;
    }
    const expected = sent.lines.map(({ product, quantity }) => ({
      product,
      quantity,
      unitPrice: prices.get(product),
    }));
    const totals = cartTotals(expected);
    const wrong = [
      row.user_id !== sent.shopper.id && 'shopper',
      row.address_id !== sent.shopper.addressId && 'address',
      JSON.stringify(row.items) !== JSON.stringify(expected) && 'items',
      (row.amount_paise !== totals.total ||
        row.subtotal_paise !== totals.subtotal ||
        row.tax_paise !== totals.tax) &&
        `amount (${row.amount_paise} paise, priced ${totals.total})`,
      row.placed_lines !== 1 && 'history line',
      row.keys !== 1 && 'Idempotency-Key',
    ].filter(Boolean);
    if (wrong.length) problems.push(`order ${orderId}: wrong ${wrong.join(', ')}`);
  }
  const {
    rows: [{ count }],
  } = await db.query('select count(*)::int as count from orders where user_id = any($1::uuid[])', [
    shopperIds,
  ]);
  if (count !== placed.size + ceilingCount) {
    problems.push(
      `${count} orders in the database for ${placed.size} answered and ${ceilingCount} by the ceiling`,
    );
  }
  return problems;
}

const cleanUps = [];
try {
  const SELLER = { email: 'bench-seller@example.com', password: randomBytes(12).toString('hex') };
  const database = await createDatabase(ADMIN_URL, 'orders');
  cleanUps.push(() => database.drop());
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kirana-orders-'));
  cleanUps.push(() => rm(dataDir, { recursive: true, force: true }));
  const server = startServer(
    {
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      SELLER_EMAIL: SELLER.email,
      SELLER_PASSWORD: SELLER.password,
      SEED_DEMO_DATA: 'true',
      REDIS_URL: '',
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      PAYMENTS: 'sandbox',
      // Every shopper signs up from 127.0.0.1.
      SIGN_UPS_PER_HOUR: '1000000',
    },
    { profile: Boolean(PROFILE) },
  );
  cleanUps.unshift(async () => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) return;
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
  });
  const base = `http://127.0.0.1:${await server.serving}`;

  const shoppers = [];
  await inParallel(SHOPPERS, 4, async (index) => shoppers.push(await signUp(base, index)));
  const { products } = await browser(base).send('GET', '/api/product/list');
  const catalogue = products.filter((product) => product.inStock).map((product) => product._id);

  const agent = new http.Agent({ keepAlive: true, maxSockets: SHOPPERS });
  cleanUps.unshift(() => agent.destroy());
  const placed = new Map();
  const failures = new Map();
  const viaServer = async (shopper, lines) => {
    const answer = await post(
      agent,
      `${base}/api/order/cod`,
      { cookie: shopper.cookie, 'idempotency-key': randomUUID() },
      { items: lines, address: shopper.addressId },
    );
    if (answer.status === 201 && answer.body.orderId) {
      placed.set(answer.body.orderId, { shopper, lines });
    } else {
      const reason = `${answer.status} ${answer.body.message}`;
      failures.set(reason, (failures.get(reason) ?? 0) + 1);
    }
  };
  const db = new pg.Pool({ connectionString: database.url, max: SHOPPERS });
  cleanUps.unshift(() => db.end());
  await db.query('update shop_settings set max_open_orders = $1', [MOST_OPEN_ORDERS]);
  const seller = browser(base);
  await seller.send('POST', '/api/seller/login', SELLER);
  await seller.send('PUT', '/api/shop', { promiseMinutes: PROMISE_MINUTES.default });
  /** The PostgreSQL processes serving this database (the server's and the ceiling's). */
  const backends = async () =>
    (
      await db.query(
        'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      )
    ).rows.map((row) => row.pid);
  let ceilingCount = 0;
  const viaPg = async (shopper, lines) => {
    await placeWithPg(db, shopper, lines);
    ceilingCount += 1;
  };

  console.log(
    `COD orders, ${SHOPPERS} shoppers at once${RATE ? `, ${RATE} orders/s due in all` : ''}, ` +
      `${ROUNDS} × ${ROUND_MS / 1000} s each way ` +
      `(each after ${WARMUP_MS / 1000} s of the same load, not counted), ` +
      `${catalogue.length} products in stock`,
  );
  // The ceiling must run what the server runs: one order's statements, compared.
  const sample = basket(catalogue);
  const sent = await server.statementsDuring(() => viaServer(shoppers[0], sample));
  const differences = statementDifferences(sent, sample.length);
  console.log(
    differences.length === 0
      ? `the ceiling runs the ${sent.length} statements the server sent for an order, in its transaction`
      : `the ceiling's statements are not the server's (update CEILING_STATEMENTS):\n  ${differences.join('\n  ')}`,
  );

  const ways = { server: viaServer, ceiling: viaPg };
  const profiler = PROFILE && (await cpuProfiler(await server.inspector));
  const results = { server: [], ceiling: [] };
  for (let index = 1; index <= ROUNDS; index += 1) {
    for (const name of SIDES) {
      // The same load first, not counted: connections that idled out since its last round
      // (the pools', keep-alive HTTP) are opened again, the code is warm.
      await round(shoppers, catalogue, WARMUP_MS, ways[name]);
      // From the first server round on: the server idles through the ceiling's rounds.
      if (name === 'server' && index === 1) await profiler?.start();
      const pids = async () => [process.pid, server.child.pid, ...(await backends())];
      const before = await cpuTimes(await pids());
      const result = await round(shoppers, catalogue, ROUND_MS, ways[name]);
      const after = await cpuTimes(await pids());
      const cpu = (pid) => cpuSince(before, new Map([...after].filter(([each]) => pid(each))));
      result.cpu = {
        server: cpu((pid) => pid === server.child.pid),
        bench: cpu((pid) => pid === process.pid),
        postgres: cpu((pid) => pid !== process.pid && pid !== server.child.pid),
      };
      results[name].push(result);
      console.log(`round ${index} ${name.padEnd(7)} ${format(summary(result))}`);
    }
  }
  if (profiler) {
    await writeFile(PROFILE, JSON.stringify(await profiler.stop()));
    console.log(`the server's CPU profile over these rounds: ${PROFILE}`);
  }
  const total = (list) => ({
    ...summary({
      count: list.reduce((sum, each) => sum + each.count, 0),
      latencies: list.flatMap((each) => each.latencies),
      seconds: list.reduce((sum, each) => sum + each.seconds, 0),
    }),
    cpu: Object.fromEntries(
      ['server', 'bench', 'postgres'].map((name) => [
        name,
        list.reduce((sum, each) => sum + each.cpu[name], 0) /
          list.reduce((sum, each) => sum + each.count, 0),
      ]),
    ),
  });
  const [serverTotal, ceilingTotal] = [results.server, results.ceiling].map(
    (list) => list.length > 0 && total(list),
  );
  const ms = (value) => `${value.toFixed(2)} ms`;
  if (serverTotal) {
    console.log(`server  (HTTP, MikroORM)     ${format(serverTotal)}`);
    const { server: app, postgres, bench } = serverTotal.cpu;
    console.log(
      `  CPU an order: server ${ms(app)}, PostgreSQL ${ms(postgres)}, HTTP client ${ms(bench)}`,
    );
  }
  if (ceilingTotal) {
    console.log(`ceiling (raw pg, ${SHOPPERS} clients) ${format(ceilingTotal)}`);
    const { postgres, bench } = ceilingTotal.cpu;
    console.log(`  CPU an order: raw pg client ${ms(bench)}, PostgreSQL ${ms(postgres)}`);
  }
  if (serverTotal && ceilingTotal) {
    console.log(
      `server / ceiling: ${(serverTotal.perSecond / ceilingTotal.perSecond).toFixed(2)} × the orders/s`,
    );
  }
  // Its three targets, for bench/targets.mjs's table: the server's CPU an order, its orders/s
  // beside the ceiling's in this run, and its p99.
  if (serverTotal) {
    const cpu = serverTotal.cpu.server;
    reportTarget(values.targets, {
      figure: 'orders: server CPU an order',
      value: Number(cpu.toFixed(2)),
      unit: 'ms',
      target: '≤ 1.0 ms',
      met: cpu <= 1.0,
      ceiling: ceilingTotal && `raw pg client ${ms(ceilingTotal.cpu.bench)}`,
    });
    if (ceilingTotal) {
      const ratio = serverTotal.perSecond / ceilingTotal.perSecond;
      reportTarget(values.targets, {
        figure: 'orders: orders/s vs ceiling',
        value: Number(ratio.toFixed(2)),
        unit: `× (${Math.round(serverTotal.perSecond)} orders/s)`,
        target: '≥ 0.7×',
        met: ratio >= 0.7,
        ceiling: `raw pg ${Math.round(ceilingTotal.perSecond)} orders/s`,
      });
    }
    reportTarget(values.targets, {
      figure: `orders: p99 placement at ${SHOPPERS} shoppers`,
      value: Number(serverTotal.p99.toFixed(1)),
      unit: 'ms',
      target: '< 100 ms',
      met: serverTotal.p99 < 100,
      ceiling: ceilingTotal && `raw pg p99 ${ms(ceilingTotal.p99)}`,
    });
  }

  const problems = [
    ...[...failures].map(([reason, count]) => `${count} placements answered ${reason}`),
    ...(await verify(
      db,
      placed,
      ceilingCount,
      shoppers.map((shopper) => shopper.id),
    )),
    ...server.errors.map((line) => `server error: ${line.msg} ${line.err?.message ?? ''}`),
  ];
  console.log(
    problems.length === 0
      ? `check: all ${placed.size} orders the server answered are in the database, priced right`
      : `check failed:\n  ${problems.slice(0, 10).join('\n  ')}`,
  );
  process.exitCode = problems.length === 0 && differences.length === 0 ? 0 : 1;
} finally {
  for (const cleanUp of cleanUps) await cleanUp();
}
