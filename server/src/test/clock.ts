import { TZDateMini } from '@date-fns/tz';
import { vi } from 'vitest';

/**
 * Sets this process's clock (the test's and the in-process server's `Date`) to `at`; it then runs
 * on from there. Only `Date` is faked, so timers, sockets and the database driver keep real
 * time. The database's own `now()` is not moved: a test that needs it reads it as it is.
 * Undo with `vi.useRealTimers()`.
 */
export function setClock(at: Date): void {
  vi.useFakeTimers({ now: at, toFake: ['Date'], shouldAdvanceTime: true });
}

/**
 * The next time the wall clock reads `hhmm` on `weekday` (0 = Sunday) in `timeZone`, counted from
 * the real present: a moment whose hour a test chooses, whatever hour CI runs it at, yet within
 * a week of today (sessions, tokens and the database's clock stay plausible).
 */
export function nextLocalTime(timeZone: string, weekday: number, hhmm: string): Date {
  const [hour, minute] = hhmm.split(':').map(Number) as [number, number];
  const now = new TZDateMini(Date.now(), timeZone);
  for (let offset = 1; offset <= 8; offset++) {
    const day = new TZDateMini(
      now.getFullYear(),
      now.getMonth(),
      now.getDate() + offset,
      hour,
      minute,
      timeZone,
    );
    if (day.getDay() === weekday) return new Date(day.getTime());
  }
  throw new Error(`no ${hhmm} on weekday ${weekday} in ${timeZone} within a week`);
}
