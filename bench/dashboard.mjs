// The seller dashboard (GET /api/dashboard) at a year of orders: 100 a day, 36,500 orders of
// three lines, on the embedded database (and, with DATABASE_URL, on a new PostgreSQL database):
// how long the dashboard takes for today, the last 7 days and the last 365, beside its ceiling
// (raw `pg` running the same statements), and how PostgreSQL reads the orders for each (the
// created_at index or the whole table) with the time it says each statement took.
// Run after `node scripts/build.mjs --quiet` (or `npm run build`):
//   node bench/dashboard.mjs [--days 365] [--orders-a-day 100] [--products 10000] [--runs 9] [--plans]
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/dashboard.mjs
// Figures only, no assertions. The rows are written with SQL (generate_series), not the API.
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createDatabase } from './database.mjs';

const { values } = parseArgs({
  options: {
    days: { type: 'string', default: '365' },
    'orders-a-day': { type: 'string', default: '100' },
    products: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '9' },
    /** Print each statement's whole plan, not only how it reads the orders. */
    plans: { type: 'boolean', default: false },
  },
});
const days = Number(values.days);
const orders = days * Number(values['orders-a-day']);
const products = Number(values.products);
const runs = Number(values.runs);

const dist = (file) => new URL(`../server/dist/${file}`, import.meta.url).href;
const { startEmbeddedDatabase } = await import(dist('db/embedded.js'));
const { openDatabase } = await import(dist('db/orm.js'));
const { readDashboard } = await import(dist('modules/dashboard/dashboard.service.js'));
const { dashboardQueries } = await import(dist('modules/dashboard/dashboard-queries.js'));
const { presentDashboard } = await import(dist('modules/dashboard/dashboard.presenter.js'));

const TIME_ZONE = 'Asia/Kolkata';

/**
 * A year of a shop, written straight into the tables: every third order online (one in 60 of
 * those never paid, so expired), one in 20 cancelled, those of the last hour still open, the rest
 * delivered 15 to 44 minutes after the shop saw them (30 promised). Written oldest first with
 * time-ordered ids (UUIDv7, as the store makes them), so that the tables lie on disk in the order
 * a shop's would, which the planner weighs.
 */
const FILL = `
insert into users (id, name, email, password_hash, cart_items, created_at, updated_at)
  select gen_random_uuid(), 'Shopper ' || n, 'shopper' || n || '@example.com', 'x', '{}', now(), now()
  from generate_series(1, 2000) n;
insert into products (id, name, category, description, price_paise, offer_price_paise, images,
    in_stock, weight, created_at, updated_at, stock_count, sku)
  select gen_random_uuid(), 'Product ' || n || ' basmati atta dal',
    (array['Vegetables','Fruits','Dairy','Bakery','Grains','Drinks','Instant'])[1 + n % 7],
    '["Fresh and tasty"]', 10000 + n, 9000 + n, '["/uploads/catalogue/p-800.webp"]', true, '1 kg',
    now(), now(), 50, 'SKU-' || n
  from generate_series(1, ${products}) n;
create temporary table bench_users as select id, row_number() over () - 1 as k from users;
create temporary table bench_products as select id, row_number() over () as k from products;
create temporary table bench_orders as
  select (lpad(to_hex((extract(epoch from at) * 1000)::bigint), 12, '0') || '7'
      || substr(md5(random()::text), 1, 3) || '8' || substr(md5(random()::text), 1, 15))::uuid as id,
    n, at,
    case when n % 3 = 0 then 'Online' else 'COD' end as payment,
    n % 3 = 0 and n % 60 = 30 as unpaid,
    case when n % 20 = 0 or (n % 3 = 0 and n % 60 = 30) then 'Cancelled'
      when at > now() - interval '1 hour' then 'Order Placed' else 'Delivered' end as status,
    at + case when n % 3 = 0 then interval '2 minutes' else interval '0' end as seen
  from (select n, now() - (n * interval '1 day' * ${days} / ${orders}) as at
        from generate_series(1, ${orders}) n) placed;
insert into orders (id, user_id, address, subtotal_paise, tax_paise, delivery_fee_paise,
    amount_paise, status, payment_type, is_paid, paid_at, paid_via, promised_at, delivered_at,
    cancelled_at, created_at, updated_at, delivery_pin)
  select o.id, u.id,
    '{"firstName":"Asha","lastName":"Rao","street":"12 MG Road","city":"Pune","zipcode":"411001"}',
    30000, 600, 0, 30600, o.status, o.payment,
    not o.unpaid and (o.payment = 'Online' or o.status = 'Delivered'),
    case when o.unpaid then null when o.payment = 'Online' then o.seen
      when o.status = 'Delivered' then o.seen + (15 + o.n % 30) * interval '1 minute' end,
    case when o.unpaid then null when o.payment = 'Online' then 'online'
      when o.status = 'Delivered' then 'cash' end,
    case when o.unpaid then null else o.seen + interval '30 minutes' end,
    case when o.status = 'Delivered' then o.seen + (15 + o.n % 30) * interval '1 minute' end,
    case when o.status = 'Cancelled' then o.at + interval '10 minutes' end,
    o.at, o.at, '1234'
  from bench_orders o join bench_users u on u.k = o.n % 2000
  order by o.at;
insert into order_items (id, order_id, position, product_id, quantity, unit_price_paise, stock_taken)
  select gen_random_uuid(), o.id, p.position, bp.id, 1 + p.position, 9000 + bp.k, true
  from bench_orders o cross join generate_series(0, 2) as p(position)
  join bench_products bp on bp.k = 1 + (o.n * 7 + p.position * 13) % ${products}
  order by o.at, p.position;
`;

const ms = (value) => `${value.toFixed(1)} ms`;
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

/** The shop's today, and the day `back` days before it, as YYYY-MM-DD. */
const today = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date());
const daysBefore = (back) =>
  new Date(Date.parse(`${today}T00:00:00Z`) - back * 86_400_000).toISOString().slice(0, 10);
const RANGES = [
  ['today', {}],
  ['7 days', { from: daysBefore(6) }],
  ['365 days', { from: daysBefore(364) }],
];

/** How a plan reads the orders: the scans of `orders` in it, one line each. */
const ordersScans = (plan) =>
  plan
    .filter((line) => / on orders\b|orders_created_at_index/.test(line))
    .map((line) =>
      line
        .trim()
        .replace(/^->\s*/, '')
        .replace(/\s+\(.*$/, ''),
    );

/** The dashboard's timings and plans on the database at `url`, which the ORM `orm` also opens. */
async function measure(label, url, orm) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // The machine's other work moves these figures: say how busy it was.
    const load = loadavg().map((value) => value.toFixed(1));
    console.log(`\n${label} (load average ${load.join(', ')})`);
    for (const [name, query] of RANGES) {
      const timed = [];
      let first = 0;
      let answer;
      for (let run = 0; run <= runs; run += 1) {
        const since = performance.now();
        const { days: range, figures, khata } = await readDashboard(orm.em.fork(), query);
        answer = presentDashboard(range, figures, khata);
        const took = performance.now() - since;
        if (run === 0) first = took;
        else timed.push(took);
      }
      const statements = Object.values(
        dashboardQueries(orm.em.fork(), { from: answer.from, to: answer.to, timeZone: TIME_ZONE }),
      ).map((builder) => builder.compile());
      const ceiling = [];
      for (let run = 0; run <= runs; run += 1) {
        const since = performance.now();
        for (const { sql, parameters } of statements) await client.query(sql, parameters);
        if (run > 0) ceiling.push(performance.now() - since);
      }
      console.log(
        `  ${name.padEnd(8)} ${answer.from}…${answer.to}: ${answer.orders} orders, ₹${answer.sales.toFixed(2)}, ` +
          `${answer.delivered} delivered in ${answer.averageDeliveryMinutes} min on average; ` +
          `median ${ms(median(timed))} (first ${ms(first)}, slowest ${ms(Math.max(...timed))}); ` +
          `raw pg, the same statements: median ${ms(median(ceiling))}`,
      );
      for (const [index, { sql, parameters }] of statements.entries()) {
        const { rows } = await client.query(
          `explain (analyze, timing off, buffers off) ${sql}`,
          parameters,
        );
        const plan = rows.map((row) => row['QUERY PLAN']);
        const which = ['by hour ', 'products', 'counter ', 'to count'][index];
        const executed = plan.find((line) => line.startsWith('Execution Time'));
        // The counter's statement and the shelves to count read no orders: their time alone.
        const scans = ordersScans(plan).map((scan) => `${scan}; `);
        console.log(`    ${which}: ${scans.join('')}${executed.toLowerCase()}`);
        if (values.plans) console.log(plan.map((line) => `      ${line}`).join('\n'));
      }
    }
  } finally {
    await client.end();
  }
}

/** Fills the database at `url` with the year and gathers its statistics; says what it wrote. */
async function fill(url) {
  const since = performance.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(FILL);
    // What autovacuum does on PostgreSQL soon after; the embedded database runs no autovacuum.
    await client.query('analyze orders, order_items, products');
    const { rows } = await client.query(
      `select (select count(*) from orders) as orders, (select count(*) from order_items) as lines`,
    );
    return `${rows[0].orders} orders, ${rows[0].lines} lines, written in ${((performance.now() - since) / 1000).toFixed(1)} s`;
  } finally {
    await client.end();
  }
}

const folders = [];
try {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kirana-bench-dashboard-'));
  folders.push(dataDir);
  const database = await startEmbeddedDatabase(dataDir);
  const orm = await openDatabase({ url: database.url, embedded: true });
  try {
    const written = await fill(database.url);
    await measure(`Embedded database (PGlite), ${written}`, database.url, orm);
  } finally {
    await orm.close(true);
    await database.close();
  }

  if (process.env.DATABASE_URL) {
    const server = await createDatabase(process.env.DATABASE_URL, 'bench_dashboard');
    try {
      const serverOrm = await openDatabase({ url: server.url, embedded: false });
      try {
        const written = await fill(server.url);
        await measure(`PostgreSQL, ${written}`, server.url, serverOrm);
      } finally {
        await serverOrm.close(true);
      }
    } finally {
      await server.drop();
    }
  }
} finally {
  for (const made of folders) await rm(made, { recursive: true, force: true });
}
