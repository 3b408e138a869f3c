const time = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit' });
const dayAndTime = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
});

/** When `iso` was, as a rider reads it at a glance: '10:42 am' today, else '21 Nov, 10:42 am'. */
export function formatOrderTime(iso: string, now: Date = new Date()): string {
  const when = new Date(iso);
  const today = when.toDateString() === now.toDateString();
  return (today ? time : dayAndTime).format(when);
}
