import { dayIn } from '@kirana/shared';

/*
 * The months the GST screen offers (docs/gst.md#gstr-1): a month is the shop's, as
 * YYYY-MM on its clock, whatever the zone of the device showing it.
 */

/** How many months back the screen offers: two financial years, what a late correction needs. */
export const MONTHS_OFFERED = 24;

/** The shop's month at `at`, as YYYY-MM. */
export const shopMonth = (at: Date, timeZone: string): string => dayIn(at, timeZone).slice(0, 7);

/** `month` (YYYY-MM) and the `count - 1` before it, the latest first. */
export function monthsTo(month: string, count = MONTHS_OFFERED): string[] {
  const [year = 0, number = 1] = month.split('-').map(Number);
  return Array.from({ length: count }, (_, back) => {
    const index = year * 12 + (number - 1) - back;
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}

const MONTH_NAME = new Intl.DateTimeFormat('en-IN', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** `month` (YYYY-MM) as the screen names it: "December 2026". */
export function monthText(month: string): string {
  const [year = 0, number = 1] = month.split('-').map(Number);
  return MONTH_NAME.format(Date.UTC(year, number - 1, 1));
}
