import type { OpeningHours } from './shop-hours.js';
import { shopClockTime } from './shop-time.js';

/*
 * The shop's week as people read it: the Shop screen's week at a glance and the storefront's
 * delivery page. Days are 0–6 from Sunday, as the settings store them.
 */

export const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** The week as it is listed: Monday first, Sunday last. */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/** Openings in the week's order (Monday first), each day's by the time it opens. */
export const inWeekOrder = <Opening extends OpeningHours>(hours: readonly Opening[]): Opening[] =>
  [...hours].sort(
    (a, b) =>
      WEEK_ORDER.indexOf(a.day as (typeof WEEK_ORDER)[number]) -
        WEEK_ORDER.indexOf(b.day as (typeof WEEK_ORDER)[number]) || a.opens.localeCompare(b.opens),
  );

/** A time of an opening as the shop's clock says it: '07:00' → '7:00 am'; '24:00' → '12:00 am'. */
const clock = (time: string) =>
  time === '24:00' ? '12:00 am' : shopClockTime(new Date(`2026-01-01T${time}:00Z`), 'UTC');

/** One day of the week at a glance: its openings as read, or none (closed all day). */
export interface GlanceDay {
  day: number;
  openings: string[];
}

/**
 * The week at a glance, Monday first: each day's openings ('7:00 am – 10:00 pm', '24 hours'), or
 * none when it is closed. No hours at all is open around the clock: every day '24 hours'.
 */
export function weekAtAGlance(hours: readonly OpeningHours[]): GlanceDay[] {
  return WEEK_ORDER.map((day) => ({
    day,
    openings:
      hours.length === 0
        ? ['24 hours']
        : inWeekOrder(hours.filter((opening) => opening.day === day)).map((opening) =>
            opening.opens === opening.closes ||
            (opening.opens === '00:00' && ['00:00', '24:00'].includes(opening.closes))
              ? '24 hours'
              : `${clock(opening.opens)} – ${clock(opening.closes)}`,
          ),
  }));
}
