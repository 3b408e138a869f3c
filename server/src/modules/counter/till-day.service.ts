/**
 * Days of the till (docs/counter.md#the-day): opened with the float in the drawer, closed with the
 * cash counted against what is expected; sales and returns are made in the open one. Written
 * with Kysely, beside the entity for the opening.
 */
import { dayIn, expectedCash, paiseOf } from '@kirana/shared';
import type { EntityManager, Kysely } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { DomainEvents } from '../../lib/domain-events.js';
import { AppError } from '../../lib/errors.js';
import { flushUnlessTaken } from '../../lib/flush-unless-taken.js';
import { timestampReader } from '../../lib/timestamps.js';
import { holdTillCash } from '../../lib/till-lock.js';
import { tillCashPaise } from '../cash/cash.service.js';
import { readShop } from '../shop/shop.service.js';
import { CounterDaySchema, type CounterTables } from './counter.entity.js';

export const DAY_NOT_OPEN = 'The till is not open: open the day with the cash in the drawer first';
export const DAY_ALREADY_OPEN = 'The till is open already: close the day before opening another';

/** A day of the till with its figures, in paise (live while open, as stored once closed). */
export interface DayRecord {
  id: string;
  date: string;
  openedAt: Date;
  closedAt: Date | null;
  openingFloatPaise: number;
  sales: number;
  cashSalesPaise: number;
  upiSalesPaise: number;
  /** Put on customers' khatas by the day's sales. */
  khataSalesPaise: number;
  /** Khata payments received in cash while the day was open. */
  khataCashPaise: number;
  cashReturnsPaise: number;
  upiReturnsPaise: number;
  handoversPaise: number;
  payoutsPaise: number;
  expectedPaise: number;
  countedPaise: number | null;
  note: string | null;
}

/** The open day of the till, its row locked against closing while this transaction runs. */
export async function holdOpenDay(db: Kysely<CounterTables>): Promise<string> {
  const day = await db
    .selectFrom('counter_days')
    .select('id')
    .where('closed_at', 'is', null)
    .forShare()
    .executeTakeFirst();
  if (!day) throw new AppError('TILL_NOT_OPEN', DAY_NOT_OPEN);
  return day.id;
}

/**
 * Opens a day of the till with `openingFloat` rupees in the drawer, dated the shop's day. It
 * opens once a close or a handover under way has ended, so that days never overlap and each
 * handover is in one day at most.
 * @throws AppError CONFLICT when a day is open already.
 */
export async function openTill(
  em: EntityManager,
  events: DomainEvents,
  openingFloat: number,
): Promise<DayRecord> {
  const { timeZone } = await readShop(em);
  const dayId = await em.transactional(async (tx) => {
    const now = await holdTillCash(tx, 'alone');
    const day = tx.create(CounterDaySchema, {
      date: dayIn(now, timeZone),
      openingFloatPaise: paiseOf(openingFloat),
      openedAt: now,
    });
    // The unique index of the open day: another is open.
    await flushUnlessTaken(tx, DAY_ALREADY_OPEN);
    return day.id;
  });
  events.publish({ type: 'till.changed' });
  return dayWithFigures(em, dayId);
}

/**
 * Closes the open day of the till with the cash counted in the drawer: its figures (cash sales
 * and returns, the agents' handovers meanwhile, the cash expected) are stored as they stand now,
 * beside the count and `note`.
 * @throws AppError TILL_NOT_OPEN when no day is open.
 */
export async function closeTill(
  em: EntityManager,
  events: DomainEvents,
  countedCash: number,
  note: string | undefined,
): Promise<DayRecord> {
  const dayId = await em.transactional(async (tx) => {
    // Agents' handovers wait while the day is summed: each is in the day or after it.
    const now = await holdTillCash(tx, 'alone');
    const db = tx.getKysely<CounterTables>();
    // Sales and returns hold the open day for share: closing waits for them, and they for it.
    const open = await db
      .selectFrom('counter_days')
      .select('id')
      .where('closed_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!open) throw new AppError('TILL_NOT_OPEN', DAY_NOT_OPEN);
    const day = await dayWithFigures(tx, open.id, now);
    await db
      .updateTable('counter_days')
      .set({
        closed_at: now,
        cash_sales_paise: day.cashSalesPaise,
        cash_returns_paise: day.cashReturnsPaise,
        handovers_paise: day.handoversPaise,
        payouts_paise: day.payoutsPaise,
        khata_cash_paise: day.khataCashPaise,
        expected_paise: day.expectedPaise,
        counted_paise: paiseOf(countedCash),
        note: note || null,
      })
      .where('id', '=', open.id)
      .execute();
    return open.id;
  });
  events.publish({ type: 'till.changed' });
  return dayWithFigures(em, dayId);
}

/** The open day of the till with its figures so far, or null. */
export async function currentTill(em: EntityManager): Promise<DayRecord | null> {
  const open = await openTillDay(em);
  return open ? dayWithFigures(em, open.id) : null;
}

/** The open day of the till, its id and the shop's day it opened on, without its figures. */
export function openTillDay(em: EntityManager): Promise<{ id: string; date: string } | undefined> {
  return em
    .getKysely<CounterTables>()
    .selectFrom('counter_days')
    .select(['id', sql<string>`date::text`.as('date')])
    .where('closed_at', 'is', null)
    .executeTakeFirst();
}

/** The till's days that opened on the shop's day `date`, with their figures, oldest first. */
export async function tillDaysOn(em: EntityManager, date: string): Promise<DayRecord[]> {
  const days = await em
    .getKysely<CounterTables>()
    .selectFrom('counter_days')
    .select('id')
    .where('date', '=', date)
    .orderBy('opened_at')
    .execute();
  return Promise.all(days.map((day) => dayWithFigures(em, day.id)));
}

/** A closed day's stored sum: 64-bit, which the database driver reads as a string. */
const stored = (paise: number | string | null) => (paise === null ? null : Number(paise));

/**
 * Day `dayId` with its figures: summed from its sales, returns and the agents' handovers while
 * it was open (until `until`, its close; without it, all so far); a closed day's cash figures as
 * stored.
 */
async function dayWithFigures(em: EntityManager, dayId: string, until?: Date): Promise<DayRecord> {
  const date = timestampReader(em);
  const day = await em
    .getKysely<CounterTables>()
    .selectFrom('counter_days as d')
    .select([
      'd.id',
      sql<string>`d.date::text`.as('date'),
      'd.opened_at',
      'd.closed_at',
      'd.opening_float_paise',
      'd.cash_sales_paise',
      'd.cash_returns_paise',
      'd.handovers_paise',
      'd.payouts_paise',
      'd.khata_cash_paise',
      'd.expected_paise',
      'd.counted_paise',
      'd.note',
      (eb) =>
        eb
          .selectFrom('counter_sales as s')
          .select(sql<string>`count(*)`.as('count'))
          .whereRef('s.day_id', '=', 'd.id')
          .as('sales'),
      // What came in each way: a cash or UPI sale's amount, a khata sale's part paid now.
      (eb) =>
        eb
          .selectFrom('counter_sales as s')
          .select(
            sql<string>`coalesce(sum(case when s.payment = 'cash' then s.amount_paise else s.paid_cash_paise end), 0)`.as(
              'sum',
            ),
          )
          .whereRef('s.day_id', '=', 'd.id')
          .where('s.payment', 'in', ['cash', 'khata'])
          .as('cash_sales'),
      (eb) =>
        eb
          .selectFrom('counter_sales as s')
          .select(
            sql<string>`coalesce(sum(case when s.payment = 'upi' then s.amount_paise else s.paid_upi_paise end), 0)`.as(
              'sum',
            ),
          )
          .whereRef('s.day_id', '=', 'd.id')
          .where('s.payment', 'in', ['upi', 'khata'])
          .as('upi_sales'),
      (eb) =>
        eb
          .selectFrom('counter_sales as s')
          .select(sql<string>`coalesce(sum(s.khata_paise), 0)`.as('sum'))
          .whereRef('s.day_id', '=', 'd.id')
          .where('s.payment', '=', 'khata')
          .as('khata_sales'),
      (eb) =>
        eb
          .selectFrom('counter_returns as r')
          .select(sql<string>`coalesce(sum(r.amount_paise), 0)`.as('sum'))
          .whereRef('r.day_id', '=', 'd.id')
          .where('r.payment', '=', 'cash')
          .as('cash_returns'),
      (eb) =>
        eb
          .selectFrom('counter_returns as r')
          .select(sql<string>`coalesce(sum(r.amount_paise), 0)`.as('sum'))
          .whereRef('r.day_id', '=', 'd.id')
          .where('r.payment', '=', 'upi')
          .as('upi_returns'),
    ])
    .where('d.id', '=', dayId)
    .executeTakeFirstOrThrow();
  // Cash agents handed over into the drawer while the day was open, and paid out of it; a closed
  // day's as stored (none paid out before pay-outs were recorded).
  const drawer =
    day.closed_at === null ? await tillCashPaise(em, date(day.opened_at), until) : null;
  // Khata payments in cash meanwhile went into the drawer (a day closed before the khata: none).
  const khataCash =
    day.closed_at === null ? await khataCashPaise(em, date(day.opened_at), until) : null;
  const figures = {
    openingFloat: day.opening_float_paise,
    cashSales: stored(day.cash_sales_paise) ?? Number(day.cash_sales),
    cashReturns: stored(day.cash_returns_paise) ?? Number(day.cash_returns),
    handovers: stored(day.handovers_paise) ?? drawer?.handovers ?? 0,
    payouts: stored(day.payouts_paise) ?? drawer?.payouts ?? 0,
    khataCash: stored(day.khata_cash_paise) ?? khataCash ?? 0,
  };
  return {
    id: day.id,
    date: day.date,
    openedAt: date(day.opened_at),
    closedAt: day.closed_at && date(day.closed_at),
    openingFloatPaise: figures.openingFloat,
    sales: Number(day.sales),
    cashSalesPaise: figures.cashSales,
    upiSalesPaise: Number(day.upi_sales),
    khataSalesPaise: Number(day.khata_sales),
    khataCashPaise: figures.khataCash,
    cashReturnsPaise: figures.cashReturns,
    upiReturnsPaise: Number(day.upi_returns),
    handoversPaise: figures.handovers,
    payoutsPaise: figures.payouts,
    expectedPaise: stored(day.expected_paise) ?? expectedCash(figures),
    countedPaise: stored(day.counted_paise),
    note: day.note,
  };
}

/** Khata payments received in cash from `from` (until `until`), in paise: into the drawer. */
async function khataCashPaise(em: EntityManager, from: Date, until?: Date): Promise<number> {
  let payments = em
    .getKysely<CounterTables>()
    .selectFrom('khata_entries')
    .select(sql<string>`coalesce(-sum(amount_paise), 0)`.as('paise'))
    .where('kind', '=', 'payment')
    .where('method', '=', 'cash')
    .where('created_at', '>=', from);
  if (until) payments = payments.where('created_at', '<', until);
  const { paise } = await payments.executeTakeFirstOrThrow();
  return Number(paise);
}
