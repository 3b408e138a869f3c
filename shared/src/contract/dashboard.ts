import * as z from 'zod/mini';
import { UNITS } from '../domain/quantity.js';
import { dayField } from './common.js';

/*
 * The seller's dashboard (docs/promise.md#dashboard): how the shop did over some days, read in its
 * own time zone. Counted are the orders the shop saw (cash on delivery at once, online ones once
 * paid), placed in those days, and beside them the bills of the counter (docs/counter.md#the-till).
 */

/** The longest range the dashboard answers, in days: a year, a leap one included. */
export const MAX_DASHBOARD_DAYS = 366;
/** How many products `topProducts` lists at most. */
export const TOP_PRODUCTS = 10;
/** How many products `toCount` lists at most. */
export const PRODUCTS_TO_COUNT = 20;

/**
 * `GET /api/dashboard?from=YYYY-MM-DD&to=YYYY-MM-DD`, days inclusive, in the shop's time zone.
 * Without `to`: to the shop's today; without `from`: the day `to` alone (neither: today).
 */
export const dashboardQuerySchema = z.object({
  from: z.optional(dayField('from')),
  to: z.optional(dayField('to')),
});
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/** How many days `from` to `to` take, both counted (1 for a single day). */
const daysOf = (from: string, to: string) => dayNumber(to) - dayNumber(from) + 1;

/**
 * What is wrong with the range `from`–`to` (days as YYYY-MM-DD), naming the field; undefined when
 * the dashboard answers it.
 */
export function dashboardRangeIssue(from: string, to: string): string | undefined {
  if (from > to) return `from must not be after to (${to})`;
  if (daysOf(from, to) > MAX_DASHBOARD_DAYS)
    return `to must be within ${MAX_DASHBOARD_DAYS} days of from: the dashboard covers at most ${MAX_DASHBOARD_DAYS} days`;
  return undefined;
}

/** A product among the most sold: units in orders not cancelled, and their worth in rupees. */
export const topProductSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** Its `quantity` is pieces, or grams (ml) of a product sold by the kilo (litre). */
  unit: z.enum(UNITS),
  quantity: z.int(),
  sales: z.number(),
});
export type TopProduct = z.infer<typeof topProductSchema>;

/** A product sold past its count: `pastCount` units beyond it since the count was last set. */
export const productToCountSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** Its `pastCount` is pieces, or grams (ml) of a product sold by the kilo (litre). */
  unit: z.enum(UNITS),
  pastCount: z.int(),
});
export type ProductToCount = z.infer<typeof productToCountSchema>;

export const dashboardSchema = z.object({
  /** The days answered, inclusive, in `timeZone`. */
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  /** Orders placed in those days that the shop saw. */
  orders: z.int(),
  /** Rupees: the amounts of those orders not cancelled. */
  sales: z.number(),
  cancelled: z.int(),
  delivered: z.int(),
  /**
   * Mean minutes, one decimal, from when the shop saw an order (placed with cash on delivery, or
   * paid online) to its delivery, over the delivered ones; null when none was.
   */
  averageDeliveryMinutes: z.nullable(z.number()),
  /** Share (0 to 1, three decimals) of the delivered orders delivered by their promised time. */
  withinPromise: z.nullable(z.number()),
  /** The orders by the hour (0–23, the shop's time) they were placed in. */
  byHour: z.array(z.int()).check(z.length(24)),
  /** Up to TOP_PRODUCTS, by units sold (most first), ties by name. */
  topProducts: z.array(topProductSchema),
  /** Bills made at the counter in those days. */
  counterBills: z.int(),
  /** Rupees: what those bills took, less what was given back on them (then or since). */
  counterSales: z.number(),
  /**
   * Now, whatever the days: the shelves to count. Up to PRODUCTS_TO_COUNT of the live products
   * sold past their count, most units first, and how many such products there are in all.
   */
  toCount: z.object({ products: z.array(productToCountSchema), total: z.int() }),
  /** Now, whatever the days: rupees every khata customer owes together (docs/khata.md). */
  toCollect: z.optional(z.number()),
  /** Now: how many khata customers owe something. */
  owingCustomers: z.optional(z.int()),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** `GET /api/dashboard` (seller). */
export const dashboardAnswerSchema = z.object({
  success: z.literal(true),
  dashboard: dashboardSchema,
});
export type DashboardAnswer = z.infer<typeof dashboardAnswerSchema>;
