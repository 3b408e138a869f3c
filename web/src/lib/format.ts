/** A cancellation reason as a sentence: 'payment not completed' → 'Payment not completed'. */
export function cancelReasonText(reason: string | null | undefined): string {
  const trimmed = reason?.trim();
  return trimmed ? trimmed.charAt(0).toUpperCase() + trimmed.slice(1) : 'No reason given';
}

const time = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit' });
const dayAndTime = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
});

/** A moment as read at a glance: '10:42 am' when it is today, else '21 Nov, 10:42 am'. */
export function formatOrderTime(iso: string, now: Date = new Date()): string {
  const when = new Date(iso);
  const today = when.toDateString() === now.toDateString();
  return (today ? time : dayAndTime).format(when);
}
