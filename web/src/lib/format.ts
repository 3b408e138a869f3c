/** A cancellation reason as a sentence: 'payment not completed' → 'Payment not completed'. */
export function cancelReasonText(reason: string | null | undefined): string {
  const trimmed = reason?.trim();
  return trimmed ? trimmed.charAt(0).toUpperCase() + trimmed.slice(1) : 'No reason given';
}

const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
const DAY_AND_TIME: Intl.DateTimeFormatOptions = { ...TIME, day: 'numeric', month: 'short' };

const formats = new Map<string, Intl.DateTimeFormat>();
/** One formatter per language and shape, made once. */
function format(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${options === TIME ? 'time' : 'day'}`;
  let made = formats.get(key);
  if (!made) formats.set(key, (made = new Intl.DateTimeFormat(locale, options)));
  return made;
}

/** A time of day: '10:42 am' (in Hindi, 'hi-IN', the same). */
export function formatClock(when: number | Date, locale = 'en-IN'): string {
  return format(locale, TIME).format(when);
}

/**
 * A moment as read at a glance: '10:42 am' when it is today, else '21 Nov, 10:42 am' (in Hindi,
 * 'hi-IN': '21 नव॰, 10:42 am').
 */
export function formatOrderTime(iso: string, now: Date = new Date(), locale = 'en-IN'): string {
  const when = new Date(iso);
  const today = when.toDateString() === now.toDateString();
  return format(locale, today ? TIME : DAY_AND_TIME).format(when);
}
