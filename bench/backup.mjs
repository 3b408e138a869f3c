// A backup of a real shop's size: 10,000 products and a year of orders (100 a day: 36,500
// orders of three lines, their history, payments and the agents' cash lines) on the embedded
// database; the figures docs/backups.md needs: how long a backup takes
// (a copy of the database's folder, then its dump and check in a worker thread) and how long the
// store waits for the copy, its size, the process's peak memory, and how long a restore takes
// into a new DATA_DIR and, with DATABASE_URL, into a new PostgreSQL database.
// Run after `npm run build`:
//   node bench/backup.mjs [--products 10000] [--days 365] [--orders-a-day 100]
// Figures only, no assertions. The rows are written with SQL (generate_series), not the API: the
// benchmark is of the backup, not of placing orders (bench/orders.mjs is).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createDatabase } from './database.mjs';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '10000' },
    days: { type: 'string', default: '365' },
    'orders-a-day': { type: 'string', default: '100' },
  },
});
const products = Number(values.products);
const orders = Number(values.days) * Number(values['orders-a-day']);

const dist = (file) => new URL(`../server/dist/${file}`, import.meta.url).href;
const { startEmbeddedDatabase } = await import(dist('db/embedded.js'));
const { openDatabase } = await import(dist('db/orm.js'));
const { backUp } = await import(dist('modules/backup/back-up.js'));
const { restoreBackup } = await import(dist('modules/backup/restore.js'));
const { DATA_DIR_KEYS } = await import(dist('config.js'));
const { kiranaMigrations } = await import(dist('db/migrations-up-to.js'));

const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** A year of a shop, written straight into the tables. */
const FILL = `
insert into users (id, name, email, password_hash, cart_items, created_at, updated_at)
  select gen_random_uuid(), 'Shopper ' || n, 'shopper' || n || '@example.com', 'x', '{}', now(), now()
  from generate_series(1, 2000) n;
insert into agents (id, name, phone, created_at, updated_at)
  select gen_random_uuid(), 'Agent ' || n, '+9190000000' || lpad(n::text, 2, '0'), now(), now()
  from generate_series(1, 8) n;
insert into products (id, name, category, description, price_paise, offer_price_paise, images,
    in_stock, weight, created_at, updated_at, stock_count, sku)
  select gen_random_uuid(), 'Product ' || n || ' basmati atta dal',
    (array['Vegetables','Fruits','Dairy','Bakery','Grains','Drinks','Instant'])[1 + n % 7],
    '["Fresh and tasty", "From the shop''s own supplier"]', 10000 + n, 9000 + n,
    '["/uploads/catalogue/p-800.webp"]', true, '1 kg', now(), now(), 50, 'SKU-' || n
  from generate_series(1, ${products}) n;
create temporary table bench_orders as
  select gen_random_uuid() as id, n,
    now() - (n * interval '1 day' * ${Number(values.days)} / ${orders}) as at
  from generate_series(1, ${orders}) n;
insert into orders (id, user_id, address, subtotal_paise, tax_paise, amount_paise, status,
    payment_type, is_paid, paid_at, paid_via, created_at, updated_at, delivery_pin)
  select o.id, (select id from users offset (o.n % 2000) limit 1),
    '{"firstName":"Asha","lastName":"Rao","street":"12 MG Road","city":"Pune","zipcode":"411001"}',
    30000, 600, 30600, 'Delivered', case when o.n % 3 = 0 then 'Online' else 'COD' end, true, o.at,
    case when o.n % 3 = 0 then 'online' else 'cash' end, o.at, o.at, '1234'
  from bench_orders o;
create temporary table bench_products as
  select id, row_number() over () as k from products;
insert into order_items (id, order_id, position, product_id, quantity, unit_price_paise, stock_taken)
  select gen_random_uuid(), o.id, p.position, bp.id, 1 + p.position, 10000, true
  from bench_orders o cross join generate_series(0, 2) as p(position)
  join bench_products bp on bp.k = 1 + (o.n * 7 + p.position * 13) % ${products};
insert into order_events (id, order_id, type, actor_role, from_status, to_status, created_at)
  select gen_random_uuid(), o.id, e.type, e.role, e.from_status, e.to_status, o.at
  from bench_orders o cross join (values ('placed', 'user', null, 'Order Placed'),
    ('accepted', 'agent', null, null), ('status', 'agent', 'Order Placed', 'Picked'),
    ('status', 'agent', 'Picked', 'Delivered')) as e(type, role, from_status, to_status);
insert into payments (id, order_id, provider, purpose, provider_order_id, provider_payment_id,
    amount_paise, status, created_at, updated_at)
  select gen_random_uuid(), o.id, 'razorpay', 'checkout', 'order_' || o.n, 'pay_' || o.n, 30600,
    'paid', o.at, o.at
  from bench_orders o where o.n % 3 = 0;
insert into agent_cash_lines (id, agent_id, kind, amount_paise, order_id, by, created_at)
  select gen_random_uuid(), (select id from agents offset (o.n % 8) limit 1), 'collection', 30600,
    o.id, 'agent', o.at
  from bench_orders o where o.n % 3 <> 0;
`;

const folders = [];
const folder = async () => {
  const made = await mkdtemp(path.join(tmpdir(), 'kirana-bench-backup-'));
  folders.push(made);
  return made;
};

try {
  const dataDir = await folder();
  const database = await startEmbeddedDatabase(dataDir);
  const orm = await openDatabase({ url: database.url, embedded: true });
  let since = performance.now();
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await client.query(FILL);
  const { rows } = await client.query(
    `select (select count(*) from orders) as orders, (select count(*) from order_items) as lines,
       (select count(*) from order_events) as history, pg_database_size(current_database()) as bytes`,
  );
  await client.end();
  console.log(
    `A shop of ${products} products and ${rows[0].orders} orders (${rows[0].lines} lines, ${rows[0].history} history lines): ${mb(Number(rows[0].bytes))} on disk, written in ${seconds(since)}`,
  );

  console.log(
    `peak memory before the backup (the store's database, its migrations and the rows written): ${mb(process.resourceUsage().maxRSS * 1024)}`,
  );
  since = performance.now();
  let copying = 0;
  const backup = await backUp({
    source: {
      kind: 'embedded',
      // The store's queries wait while its folder is copied.
      copyTo: async (folder) => {
        const started = performance.now();
        await database.copyTo(folder);
        copying = performance.now() - started;
      },
    },
    dir: path.join(dataDir, 'backups'),
    dataDir,
    keep: 14,
    keys: DATA_DIR_KEYS,
    timeZone: async () => 'Asia/Kolkata',
  });
  console.log(
    `backup (copy, dump, checked by a restore, zip): ${seconds(since)}, ${mb(backup.bytes)}; the store's queries waited ${(copying / 1000).toFixed(1)} s for the copy`,
  );
  console.log(
    `peak memory so far (the store's database and the backup's worker): ${mb(process.resourceUsage().maxRSS * 1024)}`,
  );
  await orm.close(true);
  await database.close();

  since = performance.now();
  const restored = await restoreBackup(backup.path, {
    dataDir: await folder(),
    databaseUrl: undefined,
    keys: DATA_DIR_KEYS,
    migrations: kiranaMigrations,
  });
  console.log(`restore into a new DATA_DIR: ${seconds(since)} (${restored.rows} rows checked)`);

  if (process.env.DATABASE_URL) {
    const server = await createDatabase(process.env.DATABASE_URL, 'bench_backup');
    try {
      since = performance.now();
      await restoreBackup(backup.path, {
        dataDir: await folder(),
        databaseUrl: server.url,
        keys: DATA_DIR_KEYS,
        migrations: kiranaMigrations,
      });
      console.log(`restore into a new PostgreSQL database: ${seconds(since)}`);
      since = performance.now();
      const fromServer = await backUp({
        source: { kind: 'server', url: server.url },
        dir: await folder(),
        dataDir: await folder(),
        keep: 14,
        keys: [],
        timeZone: async () => 'Asia/Kolkata',
      });
      console.log(`backup of that database (pg_dump): ${seconds(since)}, ${mb(fromServer.bytes)}`);
    } finally {
      await server.drop();
    }
  }
  console.log(
    `peak memory of this process (the worker included): ${mb(process.resourceUsage().maxRSS * 1024)}`,
  );
} finally {
  for (const made of folders) await rm(made, { recursive: true, force: true });
}
