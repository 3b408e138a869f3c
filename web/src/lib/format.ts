import { dayIn, shopTime } from '@kirana/shared';

/** A cancellation reason as a sentence: 'payment not completed' → 'Payment not completed'. */
export function cancelReasonText(reason: string | null | undefined): string {
  const trimmed = reason?.trim();
  return trimmed ? trimmed.charAt(0).toUpperCase() + trimmed.slice(1) : 'No reason given';
}

/** A time of day on the shop's clock in `timeZone`: '10:42 am' (in Hindi, 'hi-IN', the same). */
export function formatClock(when: number | Date, timeZone: string, locale = 'en-IN'): string {
  return shopTime(when, timeZone, 'time', locale);
}

/**
 * A moment as read at a glance, on the shop's clock in `timeZone`: '10:42 am' when it is the
 * shop's today, else '21 Nov, 10:42 am' (in Hindi, 'hi-IN': '21 नव॰, 10:42 am').
 */
export function formatOrderTime(
  iso: string,
  timeZone: string,
  now: Date = new Date(),
  locale = 'en-IN',
): string {
  const when = new Date(iso);
  const today = dayIn(when, timeZone) === dayIn(now, timeZone);
  return shopTime(when, timeZone, today ? 'time' : 'day-time', locale);
}
