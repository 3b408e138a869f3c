/*
 * The shop's times as its shoppers and the seller read them (Intl only, so that the storefront's
 * first load carries no time-zone library: shop-hours.ts computes the openings).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** '07:30' → 450; '24:00' → 1440. */
export function minutesOfDay(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/** An IANA name's form: 'UTC' or Area/Location, never an abbreviation such as 'IST'. */
const IANA_NAME = /^(?:UTC|[A-Za-z]+(?:\/[A-Za-z0-9_+-]+)+)$/;

/**
 * Whether `timeZone` is an IANA time zone this runtime knows. Abbreviations are refused: Intl
 * reads 'IST' as India where PostgreSQL reads it as Israel.
 */
export function isTimeZone(timeZone: string): boolean {
  if (!IANA_NAME.test(timeZone)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The day `at` falls on in `timeZone`, as YYYY-MM-DD (e.g. the shop's today). */
export const dayIn = (at: Date, timeZone: string): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone, dateStyle: 'short' }).format(at);

/** How a moment is written: its time of day, with its day, or with its full date. */
export type ShopTimeShape = 'time' | 'day-time' | 'date-time';

const TIME = { hour: 'numeric', minute: '2-digit', hour12: true } as const;
const SHAPES: Record<ShopTimeShape, Intl.DateTimeFormatOptions> = {
  time: TIME,
  'day-time': { day: 'numeric', month: 'short', ...TIME },
  'date-time': { day: 'numeric', month: 'short', year: 'numeric', ...TIME },
};

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * `at` on the shop's clock in `timeZone`, whatever the zone of the device that shows it: every
 * time a shopper, the seller or an agent reads is written by this. '2:12 am' ('time'), '6 Dec,
 * 2:12 am' ('day-time'), '6 Dec 2026, 2:12 am' ('date-time'); in Hindi ('hi-IN') its words.
 */
export function shopTime(
  at: Date | number | string,
  timeZone: string,
  shape: ShopTimeShape = 'date-time',
  locale = 'en-IN',
): string {
  const key = `${locale} ${timeZone} ${shape}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeZone, ...SHAPES[shape] });
    formats.set(key, format);
  }
  return format.format(typeof at === 'string' ? new Date(at) : at);
}

/** The time of day `at` on the shop's clock in `timeZone`: '7:00 am'. */
export const shopClockTime = (at: Date, timeZone: string): string => shopTime(at, timeZone, 'time');

/**
 * A time the shop names to its shoppers, in its own time zone: '7:00 am' today, '7:00 am
 * tomorrow', 'Mon 7:00 am' later in the week, 'Fri 4 Dec 7:00 am' a week or more away (today's
 * weekday again would read as today).
 */
export function shopTimeLabel(at: Date, timeZone: string, now: Date): string {
  const time = shopClockTime(at, timeZone);
  const day = dayIn(at, timeZone);
  if (day === dayIn(now, timeZone)) return time;
  if (day === dayIn(new Date(now.getTime() + DAY_MS), timeZone)) return `${time} tomorrow`;
  const withinTheWeek = Math.abs(dayNumber(day) - dayNumber(dayIn(now, timeZone))) < 7;
  const date = new Intl.DateTimeFormat('en-IN', {
    timeZone,
    weekday: 'short',
    ...(!withinTheWeek && { day: 'numeric', month: 'short' }),
  }).format(at);
  return `${date.replace(',', '')} ${time}`;
}

/** A YYYY-MM-DD day as a count of days (calendar days: no clock is involved). */
export const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/**
 * Whether an order kept the shop's promise: 'late' once its promised time has passed before it
 * was delivered (or it was delivered after it); 'on-time' when delivered by then; 'due' while
 * still on its way in time; null when it has no promise (awaiting payment) or was cancelled.
 */
export function promiseState(
  order: { status: string; promisedAt: string | null; deliveredAt: string | null },
  now: number,
): 'due' | 'on-time' | 'late' | null {
  if (!order.promisedAt || order.status === 'Cancelled') return null;
  const promised = Date.parse(order.promisedAt);
  if (order.deliveredAt) return Date.parse(order.deliveredAt) <= promised ? 'on-time' : 'late';
  return now > promised ? 'late' : 'due';
}
