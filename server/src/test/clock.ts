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
 * The next time the wall clock reads `hhmm` in `timeZone`, within a day of the real present: a
 * moment whose hour a test chooses, whatever hour CI runs it at, yet so near the present that
 * sessions stay valid and the database's clock is on the same side of any year.
 */
export function nextLocalTime(timeZone: string, hhmm: string): Date {
  const [hour, minute] = hhmm.split(':').map(Number) as [number, number];
  const now = new TZDateMini(Date.now(), timeZone);
  const at = (offset: number) =>
    new TZDateMini(
      now.getFullYear(),
      now.getMonth(),
      now.getDate() + offset,
      hour,
      minute,
      timeZone,
    );
  const today = at(0);
  return new Date((today.getTime() > now.getTime() ? today : at(1)).getTime());
}

/** The weekday (0 = Sunday) of `at` in `timeZone`. */
export const weekdayIn = (at: Date, timeZone: string): number =>
  new TZDateMini(at.getTime(), timeZone).getDay();
