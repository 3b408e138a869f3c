// The till at a year of walk-in sales: 200 a day of three lines, 73,000 sales, beside 10,000
// products, on the embedded database (and, with DATABASE_URL, on a new PostgreSQL database): how
// long a sale takes (units taken, priced, written: what the seller waits for after F9), a return,
// the open day's figures (the Counter screen's bar, after each sale), a page of today's sales and
// the close of the day; a sale made offline sent, and the whole catalogue read in the pages a
// counter keeps it by. Figures only, no assertions. The year is written with SQL, not the API.
// Run after `node scripts/build.mjs --quiet` (or `npm run build`):
//   node bench/counter.mjs [--days 365] [--sales-a-day 200] [--products 10000] [--runs 30]
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/counter.mjs
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createDatabase } from './database.mjs';

const { values } = parseArgs({
  options: {
    days: { type: 'string', default: '365' },
    'sales-a-day': { type: 'string', default: '200' },
    products: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '30' },
  },
});
const days = Number(values.days);
const sales = days * Number(values['sales-a-day']);
const products = Number(values.products);
const runs = Number(values.runs);

const dist = (file) => new URL(`../server/dist/${file}`, import.meta.url).href;
const { startEmbeddedDatabase } = await import(dist('db/embedded.js'));
const { openDatabase } = await import(dist('db/orm.js'));
const { DomainEvents } = await import(dist('lib/domain-events.js'));
const { createLogger } = await import(dist('lib/logger.js'));
const counter = {
  ...(await import(dist('modules/counter/counter-sale.service.js'))),
  ...(await import(dist('modules/counter/counter-returns.service.js'))),
  ...(await import(dist('modules/counter/counter-reads.js'))),
  ...(await import(dist('modules/counter/till-day.service.js'))),
  ...(await import(dist('modules/counter/counter-devices.js'))),
};

/**
 * A year of the till, oldest first with time-ordered ids as the store writes them: a closed day
 * for each day, its sales (every fourth by UPI) of three lines of counted products.
 */
const FILL = `
insert into products (id, name, category, description, price_paise, offer_price_paise, images,
    in_stock, weight, created_at, updated_at, stock_count, sku, barcode)
  select gen_random_uuid(), 'Product ' || n || ' basmati atta dal',
    (array['Vegetables','Fruits','Dairy','Bakery','Grains','Drinks','Instant'])[1 + n % 7],
    '["Fresh and tasty"]', 10000 + n, 9000 + n, '["/uploads/catalogue/p-800.webp"]', true, '1 kg',
    now(), now(), 1000000, 'SKU-' || n, (8900000000000 + n)::text
  from generate_series(1, ${products}) n;
create temporary table bench_products as select id, row_number() over () as k from products;
create temporary table bench_days as
  select gen_random_uuid() as id, d, (current_date - d) as date,
    now() - d * interval '1 day' - interval '12 hours' as opened
  from generate_series(1, ${days}) d;
insert into counter_days (id, date, opening_float_paise, opened_at, closed_at, cash_sales_paise,
    cash_returns_paise, handovers_paise, expected_paise, counted_paise)
  select id, date, 50000, opened, opened + interval '11 hours', 0, 0, 0, 50000, 50000
  from bench_days order by opened;
create temporary table bench_sales as
  select gen_random_uuid() as id, n, d.id as day_id,
    d.opened + (n % ${values['sales-a-day']}) * interval '3 minutes' as at
  from generate_series(1, ${sales}) n
  join bench_days d on d.d = 1 + (n - 1) / ${values['sales-a-day']};
insert into counter_sales (id, day_id, payment, subtotal_paise, tax_paise, amount_paise,
    tendered_paise, change_paise, refunded_paise, created_at)
  select id, day_id, case when n % 4 = 0 then 'upi' else 'cash' end, 30000, 600, 30600,
    case when n % 4 = 0 then null else 50000 end, case when n % 4 = 0 then null else 19400 end,
    0, at
  from bench_sales order by at;
insert into counter_sale_lines (id, sale_id, position, product_id, name, quantity,
    unit_price_paise, stock_taken)
  select gen_random_uuid(), s.id, p.position, bp.id, 'Product', 1 + p.position, 9000 + bp.k, true
  from bench_sales s cross join generate_series(0, 2) as p(position)
  join bench_products bp on bp.k = 1 + (s.n * 7 + p.position * 13) % ${products}
  order by s.at, p.position;
`;

const ms = (value) => `${value.toFixed(1)} ms`;
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const summary = (list) =>
  `median ${ms(median(list))}, slowest ${ms(Math.max(...list))} (${list.length} runs)`;

/** Times `run` `runs` times (after one run not counted). */
async function timed(run) {
  await run(-1);
  const took = [];
  for (let index = 0; index < runs; index += 1) {
    const since = performance.now();
    await run(index);
    took.push(performance.now() - since);
  }
  return took;
}

async function fill(url) {
  const since = performance.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(FILL);
    await client.query('analyze counter_days, counter_sales, counter_sale_lines, products');
    const { rows } = await client.query(
      `select (select count(*) from counter_sales) as sales, (select count(*) from counter_sale_lines) as lines`,
    );
    const seconds = ((performance.now() - since) / 1000).toFixed(1);
    return `${rows[0].sales} sales, ${rows[0].lines} lines, ${products} products, written in ${seconds} s`;
  } finally {
    await client.end();
  }
}

async function measure(label, url, orm) {
  const events = new DomainEvents(createLogger('silent'));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query('select id, barcode from products order by barcode limit 50');
  await client.end();
  const em = () => orm.em.fork();
  const load = loadavg().map((value) => value.toFixed(1));
  console.log(`\n${label} (load average ${load.join(', ')})`);

  await counter.openTill(em(), events, 500);
  const sold = [];
  const sale = await timed(async (run) => {
    const items = [0, 1, 2].map((line) => ({
      code: rows[(run + 1 + line * 7) % rows.length].barcode,
      quantity: 1 + line,
    }));
    sold.push(
      await counter.sellAtCounter(em(), events, { items, payment: 'cash', tendered: 1000 }),
    );
  });
  console.log(`  a sale of three scanned lines, cash: ${summary(sale)}`);
  const keyed = await timed(async (run) => {
    const items = [{ product: rows[(run + 3) % rows.length].id, quantity: 1 }];
    await counter.sellAtCounter(em(), events, { items, payment: 'upi' }, `bench-${run}`);
  });
  console.log(`  a sale with an Idempotency-Key, UPI: ${summary(keyed)}`);
  // A sale made offline and sent when the connection came back: its own series' number, priced
  // as charged, taken past the count (docs/counter.md#the-till-without-a-connection).
  const { series } = await counter.registerDevice(em(), 'Bench counter');
  let offlineNumber = 0;
  const offline = await timed(async (run) => {
    const product = rows[(run + 5) % rows.length];
    offlineNumber += 1;
    const body = {
      items: [{ product: product.id, quantity: 1, price: 10 }],
      payment: 'cash',
      offline: { madeAt: new Date().toISOString(), device: series, number: offlineNumber },
    };
    await counter.sellAtCounter(em(), events, body, `bench-offline-${run}`);
  });
  console.log(`  an offline sale sent, cash: ${summary(offline)}`);
  const kept = await timed(async () => {
    let after;
    do ({ next: after } = await counter.cataloguePage(em(), after, 500));
    while (after);
  });
  console.log(`  the whole catalogue for a counter to keep, in pages of 500: ${summary(kept)}`);
  const giveBack = await timed(async (run) => {
    const one = sold[run + 1];
    await counter.returnToCounter(em(), events, one.id, {
      lines: [{ product: one.lines[0].product, quantity: 1 }],
    });
  });
  console.log(`  a return of one unit: ${summary(giveBack)}`);
  const figures = await timed(() => counter.currentTill(em()));
  console.log(`  the open day's figures: ${summary(figures)}`);
  const page = await timed(async () => {
    const day = await counter.currentTill(em());
    await counter.salesOf(em(), { dayId: day.id }, 2_147_483_647, 50);
  });
  console.log(`  a page of the open day's sales (50): ${summary(page)}`);
  const since = performance.now();
  const closed = await counter.closeTill(em(), events, 0, undefined);
  console.log(
    `  the day closed: ${closed.sales} sales, expected ₹${(closed.expectedPaise / 100).toFixed(2)}, in ${ms(performance.now() - since)}`,
  );
}

const folders = [];
try {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kirana-bench-counter-'));
  folders.push(dataDir);
  const database = await startEmbeddedDatabase(dataDir);
  const orm = await openDatabase({ url: database.url, embedded: true });
  try {
    await measure(`Embedded database (PGlite), ${await fill(database.url)}`, database.url, orm);
  } finally {
    await orm.close(true);
    await database.close();
  }

  if (process.env.DATABASE_URL) {
    const server = await createDatabase(process.env.DATABASE_URL, 'bench_counter');
    try {
      const serverOrm = await openDatabase({ url: server.url, embedded: false });
      try {
        await measure(`PostgreSQL, ${await fill(server.url)}`, server.url, serverOrm);
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
