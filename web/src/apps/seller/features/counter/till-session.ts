import { dayIn, shopClockTime, type CounterDay } from '@kirana/shared';

/**
 * What tells a session of the till from the others of its day, on the shop's clock: when it
 * opened and closed (with the day it closed on, when that is a later one), or that it is open.
 */
export function tillSessionTimes(day: CounterDay, timeZone: string): string {
  const opened = `Opened ${shopClockTime(new Date(day.openedAt), timeZone)}`;
  if (!day.closedAt) return `${opened}, still open`;
  const closedAt = new Date(day.closedAt);
  const closedOn = dayIn(closedAt, timeZone);
  const closed = shopClockTime(closedAt, timeZone);
  return `${opened}, closed ${closedOn === day.date ? closed : `${closed} on ${closedOn}`}`;
}
