import { describe, expect, it } from 'vitest';
import { cancelReasonText, formatClock, formatOrderTime } from './format';

describe('formatOrderTime', () => {
  // 6:00 pm on 1 Jan 2025 in India (12:30 UTC).
  const now = new Date('2025-01-01T12:30:00Z');

  it('shows only the time for an order of the shop’s today', () => {
    expect(formatOrderTime('2025-01-01T05:12:00Z', 'Asia/Kolkata', now)).toBe('10:42 am');
  });

  it('adds the day for an older order', () => {
    expect(formatOrderTime('2024-12-31T15:35:00Z', 'Asia/Kolkata', now)).toBe('31 Dec, 9:05 pm');
  });

  it('reads today and the time on the shop’s clock, not the device’s', () => {
    const zone = process.env.TZ;
    // 1:30 am on 1 Jan in India is still 31 Dec in New York.
    const lateNight = '2024-12-31T20:00:00Z';
    try {
      process.env.TZ = 'America/New_York';
      expect(formatOrderTime(lateNight, 'Asia/Kolkata', now)).toBe('1:30 am');
      expect(formatClock(Date.parse(lateNight), 'Asia/Kolkata')).toBe('1:30 am');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});

describe('cancelReasonText', () => {
  it('writes the reason as a sentence, or says none was given', () => {
    expect(cancelReasonText('payment not completed')).toBe('Payment not completed');
    expect(cancelReasonText('  ')).toBe('No reason given');
    expect(cancelReasonText(null)).toBe('No reason given');
  });
});
