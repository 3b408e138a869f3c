import { expect, test } from 'vitest';
import { backupDue } from './backups.js';

const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);
const everyMs = 6 * HOUR;

test('a backup is due once the newest is BACKUP_EVERY_HOURS old, and at once when there is none', () => {
  const newest = at('2027-03-31T12:29:00.000Z');
  const due = (now: string) => backupDue({ now: at(now), newest, failedAt: null, everyMs });
  expect(due('2027-03-31T18:28:59.999Z')).toBe(false);
  // 23:59 on 31 March in Pune: six hours on, whatever the day or the year.
  expect(due('2027-03-31T18:29:00.000Z')).toBe(true);
  expect(due('2027-04-02T00:00:00.000Z')).toBe(true);
  expect(backupDue({ now: newest, newest: null, failedAt: null, everyMs })).toBe(true);
});

test('a backup dated ahead of the clock (the clock was set back) is no reason to wait', () => {
  const newest = at('2026-12-07T21:00:00.000Z');
  expect(backupDue({ now: at('2026-12-07T20:59:59.000Z'), newest, failedAt: null, everyMs })).toBe(
    true,
  );
});

test('after a failure the schedule waits an hour before it tries again', () => {
  const failedAt = at('2026-12-07T02:30:00.000Z');
  const due = (now: string) => backupDue({ now: at(now), newest: null, failedAt, everyMs });
  expect(due('2026-12-07T03:29:59.999Z')).toBe(false);
  expect(due('2026-12-07T03:30:00.000Z')).toBe(true);
});
