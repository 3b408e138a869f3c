import { describe, expect, it } from 'vitest';
import { backupAge, backupSchedule, backupSize, backupsKept, backupTime } from './backups';

// Times on the shop's clock in India (UTC+5:30).
const at = (day: number, hour: number, minute = 0) =>
  new Date(Date.UTC(2025, 10, day, hour, minute) - 330 * 60_000).toISOString();
const now = new Date(at(21, 14, 30));
const SHOP_ZONE = 'Asia/Kolkata';

describe('the Backups screen’s words', () => {
  it('says sizes in bytes, kB, MB and GB, with one decimal at most', () => {
    expect([0, 1, 940, 1000, 812_449, 2_400_000, 15_000_000_000].map(backupSize)).toEqual([
      '0 bytes',
      '1 byte',
      '940 bytes',
      '1 kB',
      '812.4 kB',
      '2.4 MB',
      '15 GB',
    ]);
  });

  it('says a time of today or yesterday by the day’s name, an older one with its date', () => {
    expect(backupTime(at(21, 10, 42), SHOP_ZONE, now)).toBe('Today, 10:42 am');
    expect(backupTime(at(20, 21, 5), SHOP_ZONE, now)).toBe('Yesterday, 9:05 pm');
    expect(backupTime(at(20, 0, 0), SHOP_ZONE, now)).toBe('Yesterday, 12:00 am');
    expect(backupTime(at(19, 23, 59), SHOP_ZONE, now)).toBe('19 Nov 2025, 11:59 pm');
  });

  it('says the day and time on the shop’s clock, whatever this computer’s zone', () => {
    const zone = process.env.TZ;
    try {
      process.env.TZ = 'America/New_York';
      // 1:15 am on the 21st in India is still the 20th in New York.
      expect(backupTime(at(21, 1, 15), SHOP_ZONE, now)).toBe('Today, 1:15 am');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('says how long ago in minutes, hours, then days', () => {
    expect(backupAge(at(21, 14, 30), now)).toBe('just now');
    expect(backupAge(at(21, 14, 25), now)).toBe('5 minutes ago');
    expect(backupAge(at(21, 11, 29), now)).toBe('3 hours ago');
    expect(backupAge(at(19, 15, 0), now)).toBe('47 hours ago');
    expect(backupAge(at(18, 14, 0), now)).toBe('3 days ago');
  });

  it('says the schedule and how many are kept', () => {
    expect(backupSchedule(6)).toBe('Every 6 hours and before each update');
    expect(backupSchedule(1)).toBe('Every hour and before each update');
    expect(backupSchedule(0)).toBe('Only before each update');
    expect([14, 1].map(backupsKept)).toEqual(['The newest 14', 'The newest only']);
  });
});
