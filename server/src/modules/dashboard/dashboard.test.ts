import { randomUUID } from 'node:crypto';
import {
  counterDayAnswerSchema,
  counterSaleAnswerSchema,
  dashboardAnswerSchema,
  dayIn,
  toRupees,
  type Dashboard,
  type OrderStatus,
  type PaymentType,
} from '@kirana/shared';
import type { InferKyselyDB } from '@mikro-orm/postgresql';
import fc from 'fast-check';
import { sql } from 'kysely';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { useTestAppOfItsOwn, useSeller } from '../../test/fixtures.js';
import { nextLocalTime, setClock } from '../../test/clock.js';
import { createProduct, sampleAddress, signInAgent, signUpShopper } from '../../test/factories.js';
import type { OrderItemSchema, OrderSchema } from '../order/order.entity.js';
import type { Product } from '../product/product.entity.js';

type OrderTables = InferKyselyDB<typeof OrderSchema | typeof OrderItemSchema>;
/** What the dashboard shows of a product (and what a failing case prints of it). */
type SoldProduct = Pick<Product, 'id' | 'name'>;

/** An order as the test writes it, with the times it chooses. */
interface WrittenOrder {
  placedAt: Date;
  payment: PaymentType;
  /** Set: paid then (online: the shop sees it from then; cash on delivery: collected). */
  paidAt: Date | null;
  status: OrderStatus;
  promisedAt: Date | null;
  deliveredAt: Date | null;
  feePaise: number;
  lines: { product: SoldProduct; quantity: number; unitPricePaise: number }[];
}

const at = (iso: string) => new Date(iso);
const minutes = (count: number) => count * 60_000;
const later = (from: Date, ms: number) => new Date(from.getTime() + ms);

/** What the shop charges: the lines, 2 % tax on them (rounded down), and the delivery fee. */
function amountOf(order: WrittenOrder): number {
  const subtotal = order.lines.reduce((sum, line) => sum + line.quantity * line.unitPricePaise, 0);
  return subtotal + Math.floor((subtotal * 2) / 100) + order.feePaise;
}

/** The hour (0–23) of `instant` on the clock of `timeZone`. */
function hourIn(instant: Date, timeZone: string): number {
  const hour = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' })
    .formatToParts(instant)
    .find((part) => part.type === 'hour')?.value;
  return Number(hour);
}

/**
 * The dashboard of `orders` over `from`–`to` in `timeZone`, computed here from the orders as
 * written: the figures the API must answer.
 */
function expectedDashboard(
  orders: readonly WrittenOrder[],
  { from, to, timeZone }: { from: string; to: string; timeZone: string },
): Dashboard {
  const counted = orders.filter((order) => {
    const day = dayIn(order.placedAt, timeZone);
    const seen = order.payment === 'COD' || order.paidAt !== null;
    return seen && from <= day && day <= to;
  });
  const kept = counted.filter((order) => order.status !== 'Cancelled');
  const delivered = counted.filter((order) => order.status === 'Delivered');
  const deliveryMs = delivered.reduce((sum, order) => {
    const seenAt = order.payment === 'COD' ? order.placedAt : order.paidAt!;
    return sum + order.deliveredAt!.getTime() - seenAt.getTime();
  }, 0);
  const within = delivered.filter((order) => order.deliveredAt! <= order.promisedAt!).length;
  const byHour = Array.from({ length: 24 }, () => 0);
  for (const order of counted) byHour[hourIn(order.placedAt, timeZone)]! += 1;
  const sold = new Map<string, { _id: string; name: string; quantity: number; paise: number }>();
  for (const line of kept.flatMap((order) => order.lines)) {
    const product = sold.get(line.product.id) ?? {
      _id: line.product.id,
      name: line.product.name,
      quantity: 0,
      paise: 0,
    };
    product.quantity += line.quantity;
    product.paise += line.quantity * line.unitPricePaise;
    sold.set(line.product.id, product);
  }
  return {
    from,
    to,
    timeZone,
    orders: counted.length,
    sales: toRupees(kept.reduce((sum, order) => sum + amountOf(order), 0)),
    cancelled: counted.length - kept.length,
    delivered: delivered.length,
    averageDeliveryMinutes:
      delivered.length > 0 ? Math.round(deliveryMs / delivered.length / 6_000) / 10 : null,
    withinPromise:
      delivered.length > 0 ? Math.round((within / delivered.length) * 1_000) / 1_000 : null,
    byHour,
    topProducts: [...sold.values()]
      .sort((a, b) => b.quantity - a.quantity || (a.name < b.name ? -1 : 1))
      .slice(0, 10)
      .map(({ paise, ...product }) => ({
        ...product,
        unit: 'piece' as const,
        sales: toRupees(paise),
      })),
    // The counter's own test takes its bills away again.
    counterBills: 0,
    counterSales: 0,
    // No sale past a count here (sold-past-count.test.ts).
    toCount: { products: [], total: 0 },
    // No khata here (khata.test.ts).
    toCollect: 0,
    owingCustomers: 0,
  };
}

describe('the seller’s dashboard', () => {
  // A database of its own: the dashboard reads every order there is.
  let shopperId: string;
  const app = useTestAppOfItsOwn();
  const seller = useSeller(app);
  beforeAll(async () => {
    shopperId = (await signUpShopper(app)).id;
  });

  /** Writes `orders` as they are, straight into the tables; answers their ids. */
  async function writeOrders(orders: readonly WrittenOrder[]): Promise<string[]> {
    if (orders.length === 0) return [];
    const db = app.orm.em.fork().getKysely<OrderTables>();
    const rows = orders.map((order) => ({ order, id: randomUUID() }));
    await db
      .insertInto('orders')
      .values(
        rows.map(({ order, id }) => {
          const subtotal = amountOf(order) - order.feePaise;
          return {
            id,
            user_id: shopperId,
            address: { addressId: shopperId, ...sampleAddress },
            subtotal_paise: subtotal,
            tax_paise: amountOf(order) - subtotal - order.feePaise,
            delivery_fee_paise: order.feePaise,
            amount_paise: amountOf(order),
            status: order.status,
            payment_type: order.payment,
            is_paid: order.paidAt !== null,
            paid_at: order.paidAt,
            paid_via: order.paidAt && (order.payment === 'COD' ? 'cash' : 'online'),
            promised_at: order.promisedAt,
            delivered_at: order.deliveredAt,
            cancelled_at: order.status === 'Cancelled' ? later(order.placedAt, minutes(1)) : null,
            refund_paise: 0,
            created_at: order.placedAt,
            updated_at: order.placedAt,
          };
        }),
      )
      .execute();
    await db
      .insertInto('order_items')
      .values(
        rows.flatMap(({ order, id }) =>
          order.lines.map((line, position) => ({
            id: randomUUID(),
            order_id: id,
            position,
            product_id: line.product.id,
            quantity: line.quantity,
            unit_price_paise: line.unitPricePaise,
            stock_product_id: line.product.id,
            stock_quantity: line.quantity,
            stock_taken: false,
          })),
        ),
      )
      .execute();
    return rows.map(({ id }) => id);
  }

  const removeOrders = (ids: readonly string[]) =>
    ids.length === 0
      ? Promise.resolve()
      : app.orm.em
          .fork()
          .getKysely<OrderTables>()
          .deleteFrom('orders')
          .where('id', 'in', [...ids])
          .execute();

  const setTimeZone = (timeZone: string) => seller.put('/api/shop').send({ timeZone }).expect(200);

  async function dashboard(query: Record<string, string> = {}): Promise<Dashboard> {
    const answer = await seller.get('/api/dashboard').query(query).expect(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    return dashboardAnswerSchema.parse(answer.body).dashboard;
  }

  test('a scripted day in Pune: each figure exact, an order at 23:30 IST on its own day and hour, never the next', async () => {
    const product = (name: string) => createProduct(app.orm.em.fork(), { name });
    const [atta, besan, dal, ghee, milk] = await Promise.all(
      ['Atta 5 kg', 'Besan 1 kg', 'Dal 1 kg', 'Ghee 1 l', 'Milk 1 l'].map(product),
    );
    const line = (of: Product | undefined, quantity: number, unitPricePaise: number) => ({
      product: of!,
      quantity,
      unitPricePaise,
    });
    const order = (placedAt: string, rest: Partial<WrittenOrder>): WrittenOrder => ({
      placedAt: at(placedAt),
      payment: 'COD',
      paidAt: null,
      status: 'Order Placed',
      promisedAt: later(at(placedAt), minutes(30)),
      deliveredAt: null,
      feePaise: 0,
      lines: [],
      ...rest,
    });
    // 2026-03-10 in Pune (UTC+5:30) runs from 2026-03-09T18:30Z to 2026-03-10T18:30Z.
    const orders: WrittenOrder[] = [
      // 23:30 on the 9th: the day before.
      order('2026-03-09T18:00:00Z', { lines: [line(atta, 7, 25_000)] }),
      // Midnight: the 10th's first, delivered in 25 minutes of its 30.
      order('2026-03-09T18:30:00Z', {
        status: 'Delivered',
        paidAt: at('2026-03-09T18:55:00Z'),
        deliveredAt: at('2026-03-09T18:55:00Z'),
        lines: [line(atta, 2, 25_000), line(dal, 1, 12_000)],
      }),
      // 10:10, paid at 10:15: delivered 40 minutes after the payment, 10 late.
      order('2026-03-10T04:40:00Z', {
        payment: 'Online',
        paidAt: at('2026-03-10T04:45:00Z'),
        promisedAt: at('2026-03-10T05:15:00Z'),
        status: 'Delivered',
        deliveredAt: at('2026-03-10T05:25:00Z'),
        feePaise: 2_500,
        lines: [line(milk, 3, 3_000)],
      }),
      // Online and never paid: the shop never saw it.
      order('2026-03-10T05:00:00Z', {
        payment: 'Online',
        promisedAt: null,
        status: 'Cancelled',
        lines: [line(atta, 50, 25_000)],
      }),
      // 13:30, paid, then cancelled: counted, not sold.
      order('2026-03-10T08:00:00Z', {
        payment: 'Online',
        paidAt: at('2026-03-10T08:01:00Z'),
        status: 'Cancelled',
        lines: [line(milk, 10, 3_000)],
      }),
      // 17:30, cancelled.
      order('2026-03-10T12:00:00Z', { status: 'Cancelled', lines: [line(ghee, 5, 60_000)] }),
      // 23:30 on the 10th: its last hour, still open.
      order('2026-03-10T18:00:00Z', {
        lines: [line(dal, 4, 12_000), line(milk, 1, 3_000), line(besan, 2, 8_000)],
      }),
      // Midnight again: the 11th.
      order('2026-03-10T18:30:00Z', { lines: [line(ghee, 1, 60_000)] }),
    ];
    const ids = await writeOrders(orders);
    try {
      const hours = (counts: Record<number, number>) =>
        Array.from({ length: 24 }, (_, hour) => counts[hour] ?? 0);
      expect(await dashboard({ from: '2026-03-10', to: '2026-03-10' })).toEqual({
        from: '2026-03-10',
        to: '2026-03-10',
        timeZone: 'Asia/Kolkata',
        orders: 5,
        // ₹632.40 (₹620 + ₹12.40 tax) + ₹116.80 (₹90 + ₹1.80 + ₹25 fee) + ₹683.40 (₹670 + ₹13.40).
        sales: 1432.6,
        cancelled: 2,
        delivered: 2,
        // 25 minutes from placing (cash on delivery), 40 from paying (online).
        averageDeliveryMinutes: 32.5,
        withinPromise: 0.5,
        byHour: hours({ 0: 1, 10: 1, 13: 1, 17: 1, 23: 1 }),
        topProducts: [
          { _id: dal!.id, name: 'Dal 1 kg', unit: 'piece', quantity: 5, sales: 600 },
          { _id: milk!.id, name: 'Milk 1 l', unit: 'piece', quantity: 4, sales: 120 },
          // Two each: by name.
          { _id: atta!.id, name: 'Atta 5 kg', unit: 'piece', quantity: 2, sales: 500 },
          { _id: besan!.id, name: 'Besan 1 kg', unit: 'piece', quantity: 2, sales: 160 },
        ],
        counterBills: 0,
        counterSales: 0,
        toCount: { products: [], total: 0 },
        toCollect: 0,
        owingCustomers: 0,
      });

      // The 9th has only its 23:30 order; the 11th only its midnight one.
      const ninth = await dashboard({ from: '2026-03-09', to: '2026-03-09' });
      expect(ninth).toMatchObject({ orders: 1, sales: 1785, byHour: hours({ 23: 1 }) });
      const eleventh = await dashboard({ from: '2026-03-11', to: '2026-03-11' });
      expect(eleventh).toMatchObject({ orders: 1, sales: 612, byHour: hours({ 0: 1 }) });
      // The three days together; `to` alone is that day.
      const three = await dashboard({ from: '2026-03-09', to: '2026-03-11' });
      expect(three).toMatchObject({ orders: 7, cancelled: 2, delivered: 2 });
      expect(three.byHour).toEqual(hours({ 0: 2, 10: 1, 13: 1, 17: 1, 23: 2 }));
      expect(await dashboard({ to: '2026-03-10' })).toMatchObject({
        from: '2026-03-10',
        orders: 5,
      });
      // No day without orders: zeros and nulls.
      expect(await dashboard({ from: '2026-03-12', to: '2026-03-12' })).toMatchObject({
        orders: 0,
        sales: 0,
        averageDeliveryMinutes: null,
        withinPromise: null,
        topProducts: [],
      });

      // In New York (UTC−4 since the 8th) the 10th runs from 04:00Z: another set of orders.
      await setTimeZone('America/New_York');
      const newYork = await dashboard({ from: '2026-03-10', to: '2026-03-10' });
      expect(newYork).toMatchObject({ timeZone: 'America/New_York', orders: 5, cancelled: 2 });
      expect(newYork.byHour).toEqual(hours({ 0: 1, 4: 1, 8: 1, 14: 2 }));
    } finally {
      await setTimeZone('Asia/Kolkata');
      await removeOrders(ids);
    }
  });

  test('a time zone saved before saving checked it counts the days of the shop’s own clock; one no clock knows is a 409 saying what to change, never a 500', async () => {
    const product = await createProduct(app.orm.em.fork());
    const placed = (placedAt: Date): WrittenOrder => ({
      placedAt,
      payment: 'COD',
      paidAt: null,
      status: 'Order Placed',
      promisedAt: null,
      deliveredAt: null,
      feePaise: 0,
      lines: [{ product, quantity: 1, unitPricePaise: 100 }],
    });
    // 01:30 on 11 March in India, still 10 March in Israel; 00:30 on 11 March in Los Angeles.
    const ids = await writeOrders([
      placed(at('2026-03-10T20:00:00Z')),
      placed(at('2026-03-11T07:30:00Z')),
    ]);
    // Written as a shop saved them before: saving now refuses both.
    const storeTimeZone = (timeZone: string) =>
      sql`update shop_settings set time_zone = ${timeZone}`.execute(app.orm.em.fork().getKysely());
    const day = { from: '2026-03-11', to: '2026-03-11' };
    try {
      await storeTimeZone('IST');
      const india = await dashboard(day);
      expect(india).toMatchObject({ timeZone: 'IST', orders: 2 });
      expect(india.byHour[1]).toBe(1);
      await storeTimeZone('US/Pacific-New');
      const losAngeles = await dashboard(day);
      expect(losAngeles).toMatchObject({ timeZone: 'US/Pacific-New', orders: 1 });
      expect(losAngeles.byHour[0]).toBe(1);
      await storeTimeZone('Mars/Olympus');
      for (const query of [day, {}]) {
        const refused = await seller.get('/api/dashboard').query(query).expect(409);
        expect(refused.body).toEqual({
          success: false,
          code: 'CONFLICT',
          message:
            "The shop's time zone Mars/Olympus is not one the dashboard can count days in: choose another in the shop's settings",
        });
      }
    } finally {
      await storeTimeZone('Asia/Kolkata');
      await removeOrders(ids);
    }
  });

  test('without days: the shop’s today, in its time zone', async () => {
    // 00:20 in Pune is still yesterday in UTC: today is the shop's, not the server's.
    const now = nextLocalTime('Asia/Kolkata', '00:20');
    setClock(now);
    const ids = await writeOrders([
      {
        placedAt: now,
        payment: 'COD',
        paidAt: null,
        status: 'Order Placed',
        promisedAt: later(now, minutes(30)),
        deliveredAt: null,
        feePaise: 0,
        lines: [
          { product: await createProduct(app.orm.em.fork()), quantity: 1, unitPricePaise: 100 },
        ],
      },
    ]);
    try {
      const today = await dashboard();
      expect(today).toMatchObject({
        from: dayIn(now, 'Asia/Kolkata'),
        to: dayIn(now, 'Asia/Kolkata'),
        orders: 1,
        sales: 1.02,
      });
      // Its one order in the hour after midnight.
      expect(today.byHour).toEqual([1, ...Array<number>(23).fill(0)]);
    } finally {
      vi.useRealTimers();
      await removeOrders(ids);
    }
  });

  test('bad days, days backwards and more than 366 of them are refused, naming the field; only the seller reads it', async () => {
    const refusals: Array<[Record<string, string>, RegExp]> = [
      [{ from: '2026-13-01' }, /^from must be a day of the calendar$/],
      [{ from: '2026-02-29', to: '2026-03-01' }, /^from must be a day of the calendar$/],
      [{ to: 'yesterday' }, /^to must be a day as YYYY-MM-DD$/],
      [{ from: '2026-03-10', to: '2026-03-09' }, /^from must not be after to \(2026-03-09\)$/],
      [{ from: '2025-01-01', to: '2026-01-02' }, /^to must be within 366 days of from/],
      // Up to today, from six years ago.
      [{ from: '2020-01-01' }, /^to must be within 366 days of from/],
    ];
    for (const [query, message] of refusals) {
      const answer = await seller.get('/api/dashboard').query(query).expect(400);
      expect(answer.body, JSON.stringify(query)).toEqual({
        success: false,
        code: 'INVALID',
        message: expect.stringMatching(message),
      });
    }
    // A whole leap year is not too long.
    await seller.get('/api/dashboard').query({ from: '2024-01-01', to: '2024-12-31' }).expect(200);

    await app.http().get('/api/dashboard').expect(401);
    const shopper = await signUpShopper(app);
    await shopper.http.get('/api/dashboard').expect(401);
    const agent = await signInAgent(app);
    const refused = await agent.http.get('/api/dashboard').expect(401);
    expect(refused.body).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
  });

  test('over random days, orders and time zones, every figure is the one the orders make, to the paisa', async () => {
    const products: SoldProduct[] = await Promise.all(
      'ABCDEFGHIJKL'.split('').map(async (letter) => {
        const { id, name } = await createProduct(app.orm.em.fork(), {
          name: `Random product ${letter}`,
        });
        return { id, name };
      }),
    );
    const DAY = 86_400_000;
    const firstDay = Date.UTC(2025, 0, 1);
    const timeZones = ['Asia/Kolkata', 'America/New_York', 'Asia/Kathmandu', 'UTC'];
    const orderOf = (start: number, end: number): fc.Arbitrary<WrittenOrder> =>
      fc
        .record({
          placedAt: fc.integer({ min: start, max: end }),
          payment: fc.constantFrom<PaymentType>('COD', 'Online'),
          // Online: paid within 20 minutes, or never; cash on delivery: taken at the door.
          paidAfter: fc.option(fc.integer({ min: 0, max: minutes(20) }), { freq: 3 }),
          status: fc.constantFrom<OrderStatus>('Order Placed', 'Picked', 'Delivered', 'Cancelled'),
          promise: fc.integer({ min: minutes(10), max: minutes(60) }),
          // Sometimes exactly on the promise.
          takes: fc.option(fc.integer({ min: minutes(1), max: minutes(90) }), { freq: 4 }),
          feePaise: fc.constantFrom(0, 2_500),
          lines: fc.uniqueArray(
            fc.record({
              product: fc.constantFrom(...products),
              quantity: fc.integer({ min: 1, max: 20 }),
              unitPricePaise: fc.integer({ min: 100, max: 50_000 }),
            }),
            { minLength: 1, maxLength: 4, selector: (line) => line.product.id },
          ),
        })
        .map((drawn) => {
          const placedAt = new Date(drawn.placedAt);
          const paid = drawn.paidAfter !== null;
          // An online order unpaid is waiting or expired; one delivered was paid.
          const status =
            drawn.payment === 'Online' && !paid
              ? drawn.status === 'Cancelled'
                ? 'Cancelled'
                : 'Order Placed'
              : drawn.status;
          const seenAt = drawn.payment === 'COD' ? placedAt : later(placedAt, drawn.paidAfter ?? 0);
          const deliveredAt =
            status === 'Delivered' ? later(seenAt, drawn.takes ?? drawn.promise) : null;
          const paidAt =
            drawn.payment === 'Online'
              ? paid
                ? seenAt
                : null
              : paid && deliveredAt
                ? deliveredAt
                : null;
          return {
            placedAt,
            payment: drawn.payment,
            paidAt,
            status,
            promisedAt: drawn.payment === 'COD' || paid ? later(seenAt, drawn.promise) : null,
            deliveredAt,
            feePaise: drawn.feePaise,
            lines: drawn.lines,
          };
        });
    const scenario = fc
      .record({
        day: fc.integer({ min: 0, max: 700 }),
        length: fc.integer({ min: 1, max: 3 }),
        timeZone: fc.constantFrom(...timeZones),
      })
      .chain(({ day, length, timeZone }) => {
        const from = firstDay + day * DAY;
        // From a day before to a day after the range, so that some fall outside it.
        const orders = fc.array(orderOf(from - DAY, from + (length + 1) * DAY), {
          maxLength: 30,
        });
        const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
        return fc.record({
          from: fc.constant(iso(from)),
          to: fc.constant(iso(from + (length - 1) * DAY)),
          timeZone: fc.constant(timeZone),
          orders,
        });
      });

    let timeZone = 'Asia/Kolkata';
    try {
      await fc.assert(
        fc.asyncProperty(scenario, async (drawn) => {
          if (drawn.timeZone !== timeZone) {
            await setTimeZone(drawn.timeZone);
            timeZone = drawn.timeZone;
          }
          const ids = await writeOrders(drawn.orders);
          try {
            expect(await dashboard({ from: drawn.from, to: drawn.to })).toEqual(
              expectedDashboard(drawn.orders, drawn),
            );
          } finally {
            await removeOrders(ids);
          }
        }),
        { numRuns: 20 },
      );
    } finally {
      await setTimeZone('Asia/Kolkata');
    }
  }, 120_000);

  test('the counter’s bills beside the orders: what they took less what was given back on them, on the shop’s day', async () => {
    const product = await createProduct(app.orm.em.fork(), {
      pricePaise: 10_000,
      offerPricePaise: 10_000,
    });
    const { day } = counterDayAnswerSchema.parse(
      (await seller.post('/api/counter/day/open').send({ openingFloat: 0 }).expect(201)).body,
    );
    const db = app.orm.em.fork().getKysely();
    try {
      const sell = async (payment: 'cash' | 'upi') =>
        counterSaleAnswerSchema.parse(
          (
            await seller
              .post('/api/counter/sales')
              .send({ items: [{ product: product.id, quantity: 2 }], payment })
              .expect(201)
          ).body,
        ).sale;
      // ₹204 each (₹200 and 2 % tax); one unit of the cash bill comes back: ₹102.
      const cash = await sell('cash');
      const upi = await sell('upi');
      await seller
        .post(`/api/counter/sales/${cash._id}/return`)
        .send({ lines: [{ product: product.id, quantity: 1 }] })
        .expect(200);
      // The cash bill at 23:50 in Pune on the 20th (its return is today's), the UPI bill at 00:10
      // on the 21st.
      const at = (iso: string) => new Date(iso);
      await sql`update counter_sales set created_at = ${at('2026-03-20T18:20:00Z')} where id = ${cash._id}`.execute(
        db,
      );
      await sql`update counter_sales set created_at = ${at('2026-03-20T18:40:00Z')} where id = ${upi._id}`.execute(
        db,
      );

      expect(await dashboard({ from: '2026-03-20', to: '2026-03-20' })).toMatchObject({
        orders: 0,
        counterBills: 1,
        counterSales: 102,
      });
      expect(await dashboard({ from: '2026-03-21', to: '2026-03-21' })).toMatchObject({
        counterBills: 1,
        counterSales: 204,
      });
      expect(await dashboard({ from: '2026-03-20', to: '2026-03-21' })).toMatchObject({
        counterBills: 2,
        counterSales: 306,
      });
      expect(await dashboard({ from: '2026-03-22', to: '2026-03-22' })).toMatchObject({
        counterBills: 0,
        counterSales: 0,
      });
      // Today: the return alone, counted on its bill's day, not here.
      const today = await dashboard();
      expect(today).toMatchObject({ counterBills: 0, counterSales: 0 });
    } finally {
      await seller.post('/api/counter/day/close').send({ countedCash: 0 }).expect(200);
      // The other tests see no counter: its sales (their lines and returns with them) and day go.
      await sql`delete from counter_sales where day_id = ${day!._id}`.execute(db);
      await sql`delete from counter_days where id = ${day!._id}`.execute(db);
    }
  });
});
