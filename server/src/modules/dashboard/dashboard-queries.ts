// Query module (Kysely/SQL): the seller dashboard's hot read, aggregated in the database.
import { PRODUCTS_TO_COUNT, TOP_PRODUCTS, type Unit } from '@kirana/shared';
import type { EntityManager, InferKyselyDB } from '@mikro-orm/postgresql';
import { sql, type CompiledQuery } from 'kysely';
import type { CounterSaleSchema } from '../counter/counter.entity.js';
import type { OrderItemSchema, OrderSchema } from '../order/order.entity.js';
import type { ProductSchema } from '../product/product.entity.js';

type DashboardTables = InferKyselyDB<
  typeof OrderSchema | typeof OrderItemSchema | typeof ProductSchema | typeof CounterSaleSchema
>;

/** Days `from` to `to` (YYYY-MM-DD, inclusive) as the shop's clock in `timeZone` counts them. */
export interface DashboardDays {
  from: string;
  to: string;
  timeZone: string;
}

/** The dashboard's figures as the database sums them: money in paise, times in milliseconds. */
export interface DashboardFigures {
  orders: number;
  salesPaise: number;
  cancelled: number;
  delivered: number;
  /** Delivered orders with both times known, and the milliseconds they took in all. */
  timedDeliveries: number;
  deliveryMs: number;
  /** Delivered orders delivered by their promised time. */
  withinPromise: number;
  /** 24 counts: the orders placed in each hour of the shop's day. */
  byHour: number[];
  /** Pieces, or grams (ml) of a product sold by the kilo (litre). */
  topProducts: { id: string; name: string; unit: Unit; quantity: number; salesPaise: number }[];
  /** The counter's bills in those days, and what they took less what was given back on them. */
  counterBills: number;
  counterSalesPaise: number;
  /** Now, whatever the days: the live products sold past their count, most first, and how many. */
  toCount: { id: string; name: string; unit: Unit; pastCount: number }[];
  toCountTotal: number;
}

const count = (value: string | number | bigint | null | undefined) => Number(value ?? 0);

/** Whether `column` (a timestamp) falls within the days, midnight to midnight in their zone. */
function within({ from, to, timeZone }: DashboardDays, column: string) {
  const at = sql.ref(column);
  return sql<boolean>`${at} >= cast(${from} as date)::timestamp at time zone ${timeZone}
    and ${at} < (cast(${to} as date) + 1)::timestamp at time zone ${timeZone}`;
}

/**
 * Where an order counts: placed within the days in the shop's time zone (midnight to midnight,
 * computed by the database from the same zone data as the hours, so that the orders' index on
 * created_at bounds the scan), and seen by the shop (cash on delivery and khata at once, online
 * once paid:
 * order-queries.ts `releasedOrders`).
 */
function counted(days: DashboardDays, table: 'orders' | 'o') {
  const column = (name: string) => sql.ref(`${table}.${name}`);
  return sql<boolean>`${within(days, `${table}.created_at`)}
    and (${column('payment_type')} <> 'Online' or ${column('is_paid')})`;
}

/** A statement of the dashboard's, to run, or to compile and run raw (the bench does). */
interface Statement<Row> {
  execute(): Promise<Row[]>;
  executeTakeFirstOrThrow(): Promise<Row>;
  compile(): CompiledQuery<Row>;
}

/** The dashboard's statements, as their rows come (sums of bigints as text). */
export interface DashboardStatements {
  hours: Statement<{
    hour: number;
    orders: number;
    sales_paise: string;
    cancelled: number;
    delivered: number;
    timed: number;
    delivery_ms: string;
    within_promise: number;
  }>;
  products: Statement<{
    id: string;
    name: string;
    unit: Unit;
    quantity: string;
    sales_paise: string;
  }>;
  counter: Statement<{ bills: number; kept_paise: string }>;
  toCount: Statement<{
    id: string;
    name: string;
    unit: Unit;
    past_count: number;
    total: number;
  }>;
}

/**
 * The dashboard's statements over `days`, not yet run (bench/dashboard.mjs explains them): the
 * orders counted, summed by the local hour they were placed in, the products sold most, the
 * counter's bills and what it gave back, and the products whose shelf wants counting.
 */
export function dashboardQueries(em: EntityManager, days: DashboardDays): DashboardStatements {
  const db = em.getKysely<DashboardTables>();
  const delivered = sql<boolean>`status = 'Delivered'`;
  const seenAt = sql`case when payment_type <> 'Online' then created_at else paid_at end`;
  return {
    hours: db
      .selectFrom('orders')
      .select([
        sql<number>`extract(hour from created_at at time zone ${days.timeZone})::int`.as('hour'),
        sql<number>`count(*)::int`.as('orders'),
        sql<string>`coalesce(sum(amount_paise) filter (where status <> 'Cancelled'), 0)`.as(
          'sales_paise',
        ),
        sql<number>`(count(*) filter (where status = 'Cancelled'))::int`.as('cancelled'),
        sql<number>`(count(*) filter (where ${delivered}))::int`.as('delivered'),
        sql<number>`(count(delivered_at - ${seenAt}) filter (where ${delivered}))::int`.as('timed'),
        sql<string>`coalesce(sum(extract(epoch from delivered_at - ${seenAt}) * 1000) filter (where ${delivered}), 0)`.as(
          'delivery_ms',
        ),
        sql<number>`(count(*) filter (where ${delivered} and delivered_at <= promised_at))::int`.as(
          'within_promise',
        ),
      ])
      .where(counted(days, 'orders'))
      .groupBy(sql`1`),
    // Summed by product first, then named: 10,000 sums to join, not a year of lines. A line's
    // amount by the one rule (quantity.ts lineAmount: grams at a price per kilo, half a paisa
    // up); the most sold by pieces, or by kilos (litres) for loose goods.
    products: db
      .selectFrom((sold) =>
        sold
          .selectFrom('orders as o')
          .innerJoin('order_items as i', 'i.order_id', 'o.id')
          .select([
            'i.product_id',
            'i.unit',
            sql<string>`sum(i.quantity)`.as('quantity'),
            sql<string>`sum(case when i.unit = 'piece' then i.quantity::bigint * i.unit_price_paise
              else (i.quantity::bigint * i.unit_price_paise + 500) / 1000 end)`.as('sales_paise'),
          ])
          .where(counted(days, 'o'))
          .where('o.status', '<>', 'Cancelled')
          .groupBy(['i.product_id', 'i.unit'])
          .as('sold'),
      )
      .innerJoin('products as p', 'p.id', 'sold.product_id')
      .select(['sold.product_id as id', 'p.name', 'sold.unit', 'sold.quantity', 'sold.sales_paise'])
      .orderBy(
        sql`case when sold.unit = 'piece' then sold.quantity else sold.quantity / 1000.0 end`,
        'desc',
      )
      .orderBy('p.name')
      .orderBy('sold.product_id')
      .limit(TOP_PRODUCTS),
    // What a bill gave back is on the bill (refunded_paise), whenever it was given back.
    counter: db
      .selectFrom('counter_sales')
      .select([
        sql<number>`count(*)::int`.as('bills'),
        sql<string>`coalesce(sum(amount_paise - refunded_paise), 0)`.as('kept_paise'),
      ])
      .where(within(days, 'counter_sales.created_at')),
    // From the partial index of the products with units sold past their count: a few, not 10,000.
    toCount: db
      .selectFrom('products')
      .select(['id', 'name', 'unit', 'past_count', sql<number>`count(*) over ()::int`.as('total')])
      .where('past_count', '>', 0)
      .where('archived_at', 'is', null)
      // Pieces against kilos (litres) of loose goods: 750 g is not 750 packets.
      .orderBy(sql`case when unit = 'piece' then past_count else past_count / 1000.0 end`, 'desc')
      .orderBy('id')
      .limit(PRODUCTS_TO_COUNT),
  };
}

/**
 * The shop's orders placed on `days` that it saw: their count, the amounts of those not
 * cancelled, the cancelled and delivered, how long deliveries took from when the shop saw each
 * order (placed with cash on delivery, or paid online), how many arrived by their promised
 * time, the orders by local hour, and the products sold most (units in orders not cancelled;
 * ties by name). Nothing but the sums of {@link dashboardQueries} leaves the database.
 */
export async function dashboardFigures(
  em: EntityManager,
  days: DashboardDays,
): Promise<DashboardFigures> {
  const queries = dashboardQueries(em, days);
  const [hours, products, counter, toCount] = await Promise.all([
    queries.hours.execute(),
    queries.products.execute(),
    queries.counter.executeTakeFirstOrThrow(),
    queries.toCount.execute(),
  ]);

  const byHour = Array.from({ length: 24 }, () => 0);
  const figures: DashboardFigures = {
    orders: 0,
    salesPaise: 0,
    cancelled: 0,
    delivered: 0,
    timedDeliveries: 0,
    deliveryMs: 0,
    withinPromise: 0,
    byHour,
    topProducts: products.map((product) => ({
      id: product.id,
      name: product.name,
      unit: product.unit,
      quantity: count(product.quantity),
      salesPaise: count(product.sales_paise),
    })),
    counterBills: counter.bills,
    counterSalesPaise: count(counter.kept_paise),
    toCount: toCount.map((product) => ({
      id: product.id,
      name: product.name,
      unit: product.unit,
      pastCount: product.past_count,
    })),
    toCountTotal: toCount[0]?.total ?? 0,
  };
  for (const hour of hours) {
    byHour[hour.hour] = hour.orders;
    figures.orders += hour.orders;
    figures.salesPaise += count(hour.sales_paise);
    figures.cancelled += hour.cancelled;
    figures.delivered += hour.delivered;
    figures.timedDeliveries += hour.timed;
    figures.deliveryMs += count(hour.delivery_ms);
    figures.withinPromise += hour.within_promise;
  }
  return figures;
}
