import { dashboardRangeIssue, MAX_DASHBOARD_DAYS } from '@kirana/shared';
import type { DashboardRange } from './api/get-dashboard';

/** A day as YYYY-MM-DD moved by `days` (calendar days: no clock is involved). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The dashboard's quick ranges, from the shop's `today`. */
export function quickRanges(today: string): { label: string; range: DashboardRange }[] {
  const yesterday = addDays(today, -1);
  return [
    { label: 'Today', range: { from: today, to: today } },
    { label: 'Yesterday', range: { from: yesterday, to: yesterday } },
    { label: 'Last 7 days', range: { from: addDays(today, -6), to: today } },
  ];
}

/** What is wrong with a range the seller picked, in the screen's words; null when it is good. */
export function rangeProblem({ from, to }: DashboardRange): string | null {
  if (from === '' || to === '') return 'Pick both days';
  if (from > to) return 'The first day must not be after the last';
  return dashboardRangeIssue(from, to) ? `Pick at most ${MAX_DASHBOARD_DAYS} days` : null;
}

const hourFormat = new Intl.DateTimeFormat('en-IN', {
  hour: 'numeric',
  hour12: true,
  timeZone: 'UTC',
});

/** The label of an hour of the day: '12 am', '1 pm'. */
export const hourLabel = (hour: number) => hourFormat.format(Date.UTC(2026, 0, 1, hour));

/** A share (0 to 1) as a whole percentage, '93%'; a dash when there is none. */
export const shareText = (share: number | null) =>
  share === null ? '—' : `${Math.round(share * 100)}%`;

/** Minutes as the dashboard says them, '24.5 min'; a dash when there are none. */
export const minutesText = (minutes: number | null) =>
  minutes === null ? '—' : `${minutes.toFixed(1)} min`;
