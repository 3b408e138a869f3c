/*
 * How the Backups screen says a backup's size, time and schedule
 * (docs/backups.md#the-backups-screen).
 */
import { dayIn, dayNumber, shopTime } from '@kirana/shared';

const number = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 1 });
const relative = new Intl.RelativeTimeFormat('en-IN', { numeric: 'auto' });

/** A file's size as people say it, in powers of 1000: '940 bytes', '812.4 kB', '2.4 MB'. */
export function backupSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${number.format(value)} ${units[unit]}`;
}

/**
 * When a backup was written, on the shop's clock in `timeZone`: 'Today, 10:42 am',
 * 'Yesterday, 9:05 pm', else '21 Nov 2025, 10:42 am'.
 */
export function backupTime(iso: string, timeZone: string, now: Date = new Date()): string {
  const when = new Date(iso);
  const daysAgo = dayNumber(dayIn(now, timeZone)) - dayNumber(dayIn(when, timeZone));
  if (daysAgo === 0) return `Today, ${shopTime(when, timeZone, 'time')}`;
  if (daysAgo === 1) return `Yesterday, ${shopTime(when, timeZone, 'time')}`;
  return shopTime(when, timeZone);
}

/** How long ago: 'just now' (under a minute), '5 minutes ago', '3 hours ago', '2 days ago'. */
export function backupAge(iso: string, now: Date = new Date()): string {
  const minutes = Math.floor((now.getTime() - new Date(iso).getTime()) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return relative.format(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return relative.format(-hours, 'hour');
  return relative.format(-Math.floor(hours / 24), 'day');
}

/** BACKUP_EVERY_HOURS in words: 'Every 6 hours and before each update'; 0 'Only before each update'. */
export function backupSchedule(everyHours: number): string {
  if (everyHours === 0) return 'Only before each update';
  return `Every ${everyHours === 1 ? 'hour' : `${everyHours} hours`} and before each update`;
}

/** BACKUP_KEEP in words: 'The newest 14'; 1 'The newest only'. */
export function backupsKept(keep: number): string {
  return keep === 1 ? 'The newest only' : `The newest ${keep}`;
}
