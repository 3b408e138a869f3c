import { describe, expect, it } from 'vitest';
import { isTimeZone, shopClockTime, shopTime } from './shop-time.js';

describe('isTimeZone', () => {
  it('takes IANA names, UTC included', () => {
    for (const name of ['Asia/Kolkata', 'America/Argentina/Buenos_Aires', 'Etc/GMT+5', 'UTC'])
      expect(isTimeZone(name), name).toBe(true);
  });

  it('refuses abbreviations, which PostgreSQL reads otherwise than Intl (IST is Israel there)', () => {
    for (const name of ['IST', 'EST', 'GMT', 'PST8PDT', '+05:30', 'Asia/Kolkata ', ''])
      expect(isTimeZone(name), name).toBe(false);
  });

  it('refuses names of the right form that no zone has', () => {
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe('shopTime', () => {
  // 20:42 UTC on 5 Dec is 2:12 am on 6 Dec in India, and 3:42 pm on 5 Dec in New York.
  const at = new Date('2026-12-05T20:42:00Z');

  it('writes a moment on the shop’s clock, in each shape', () => {
    expect(shopTime(at, 'Asia/Kolkata', 'time')).toBe('2:12 am');
    expect(shopTime(at, 'Asia/Kolkata', 'day-time')).toBe('6 Dec, 2:12 am');
    expect(shopTime(at, 'Asia/Kolkata')).toBe('6 Dec 2026, 2:12 am');
    expect(shopTime(at.toISOString(), 'America/New_York', 'date-time')).toBe('5 Dec 2026, 3:42 pm');
    expect(shopClockTime(at, 'America/New_York')).toBe('3:42 pm');
  });

  it('is the shop’s time whatever the zone of the device showing it', () => {
    const zone = process.env.TZ;
    try {
      for (const deviceZone of ['America/New_York', 'Asia/Kolkata', 'Pacific/Auckland', 'UTC']) {
        process.env.TZ = deviceZone;
        expect(shopTime(at, 'Asia/Kolkata'), deviceZone).toBe('6 Dec 2026, 2:12 am');
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});
