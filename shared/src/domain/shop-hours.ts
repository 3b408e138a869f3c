import { TZDateMini } from '@date-fns/tz';
import { minutesOfDay } from './shop-time.js';

/**
 * One opening of the shop on a weekday, in its own time zone: `day` 0–6 (0 = Sunday), `opens`
 * and `closes` as 'HH:MM'. A `closes` at or before `opens` is on the next day (18:00–02:00 runs
 * past midnight); '24:00' is the day's end.
 */
export interface OpeningHours {
  day: number;
  opens: string;
  closes: string;
}

/** What decides whether the shop takes orders now. */
export interface ShopClock {
  /** No hours: open around the clock (the spec's shop). */
  hours: readonly OpeningHours[];
  /** Paused (rush, closed for now) until then. */
  pausedUntil: Date | null;
  /** IANA name, e.g. 'Asia/Kolkata'. */
  timeZone: string;
}

/** Whether the shop takes orders at an instant, and when that changes next. */
export interface ShopOpening {
  open: boolean;
  /** Closed: when it opens next; null when it has no opening within a week. */
  opensAt: Date | null;
  /** Open: when it closes next; null when open around the clock and not paused. */
  closesAt: Date | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** `minutes` into the local day `offset` days from `day`, as an instant. */
function instant(day: Date, timeZone: string, offset: number, minutes: number): number {
  return new TZDateMini(
    day.getFullYear(),
    day.getMonth(),
    day.getDate() + offset,
    Math.floor(minutes / 60),
    minutes % 60,
    timeZone,
  ).getTime();
}

/** The shop's day `date` (YYYY-MM-DD) on its clock in `timeZone`: from its midnight to the next. */
export function shopDayBounds(date: string, timeZone: string): { start: Date; end: Date } {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const midnight = (offset: number) =>
    new Date(new TZDateMini(year, month - 1, day + offset, timeZone).getTime());
  return { start: midnight(0), end: midnight(1) };
}

/** The shop's openings from the day before `at` to eight days after, merged where they touch. */
function openings(hours: readonly OpeningHours[], timeZone: string, at: number): number[][] {
  const today = new TZDateMini(at, timeZone);
  const found: number[][] = [];
  for (let offset = -1; offset <= 8; offset++) {
    const day = new TZDateMini(
      today.getFullYear(),
      today.getMonth(),
      today.getDate() + offset,
      timeZone,
    );
    for (const entry of hours) {
      if (entry.day !== day.getDay()) continue;
      const opens = minutesOfDay(entry.opens);
      const closes = minutesOfDay(entry.closes);
      found.push([
        instant(day, timeZone, 0, opens),
        instant(day, timeZone, closes <= opens ? 1 : 0, closes),
      ]);
    }
  }
  found.sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0));
  const merged: number[][] = [];
  for (const [start = 0, end = 0] of found) {
    const last = merged.at(-1);
    if (last && start <= (last[1] ?? 0)) last[1] = Math.max(last[1] ?? 0, end);
    else merged.push([start, end]);
  }
  return merged;
}

/**
 * Whether the shop takes orders at `now` by its hours and its pause, and when that changes:
 * the storefront says "Closed now — opens at 7:00 am" from `opensAt`, and turns itself at
 * `opensAt` or `closesAt` without asking again.
 */
export function shopOpening(clock: ShopClock, now: Date): ShopOpening {
  const at = now.getTime();
  const pausedUntil =
    clock.pausedUntil && clock.pausedUntil.getTime() > at ? clock.pausedUntil : null;
  const from = pausedUntil?.getTime() ?? at;
  if (clock.hours.length === 0)
    return pausedUntil
      ? { open: false, opensAt: pausedUntil, closesAt: null }
      : { open: true, opensAt: null, closesAt: null };
  const windows = openings(clock.hours, clock.timeZone, at);
  const current = windows.find(([start = 0, end = 0]) => start <= from && from < end);
  if (!pausedUntil && current)
    return { open: true, opensAt: null, closesAt: new Date(current[1] ?? at) };
  const next = current ? from : windows.find(([start = 0]) => start > from)?.[0];
  return {
    open: false,
    opensAt: next !== undefined && next - at < 8 * DAY_MS ? new Date(next) : null,
    closesAt: null,
  };
}
