import { describe, expect, it } from 'vitest';
import { monthsTo, monthText, shopMonth } from './gst-month';

describe('the GST screen’s months', () => {
  it('is the shop’s month on its clock, not the device’s', () => {
    // 8 pm on 31 December in UTC is 1:30 am on 1 January in Kolkata.
    const at = new Date('2026-12-31T20:00:00Z');
    expect(shopMonth(at, 'Asia/Kolkata')).toBe('2027-01');
    expect(shopMonth(at, 'UTC')).toBe('2026-12');
  });

  it('offers the month and those before it, across the turn of a year', () => {
    expect(monthsTo('2027-02', 4)).toEqual(['2027-02', '2027-01', '2026-12', '2026-11']);
    expect(monthsTo('2026-12')).toHaveLength(24);
    expect(monthsTo('2026-12').at(-1)).toBe('2025-01');
  });

  it('names a month in words', () => {
    expect(monthText('2026-12')).toBe('December 2026');
    expect(monthText('2027-01')).toBe('January 2027');
  });
});
