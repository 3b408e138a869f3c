import { describe, expect, it } from 'vitest';
import { tillSessionTimes } from './till-session';

const session = (openedAt: string, closedAt: string | null) => ({
  _id: openedAt,
  date: '2026-12-07',
  openedAt,
  closedAt,
  openingFloat: 500,
  sales: 0,
  cashSales: 0,
  upiSales: 0,
  khataSales: 0,
  khataCash: 0,
  cashReturns: 0,
  upiReturns: 0,
  handovers: 0,
  payouts: 0,
  expected: 500,
  counted: closedAt === null ? null : 500,
  difference: closedAt === null ? null : 0,
  note: null,
});

describe('a session of the till', () => {
  it('says when it opened and closed, on the shop’s clock', () => {
    // 09:00 to 13:30 IST, then 16:00 on.
    expect(
      tillSessionTimes(
        session('2026-12-07T03:30:00.000Z', '2026-12-07T08:00:00.000Z'),
        'Asia/Kolkata',
      ),
    ).toBe('Opened 9:00 am, closed 1:30 pm');
    expect(tillSessionTimes(session('2026-12-07T10:30:00.000Z', null), 'Asia/Kolkata')).toBe(
      'Opened 4:00 pm, still open',
    );
  });

  it('names the day it closed on when that is a later one', () => {
    expect(
      tillSessionTimes(
        session('2026-12-07T14:00:00.000Z', '2026-12-07T19:15:00.000Z'),
        'Asia/Kolkata',
      ),
    ).toBe('Opened 7:30 pm, closed 12:45 am on 2026-12-08');
    // The same moments in New York: one evening.
    expect(
      tillSessionTimes(
        { ...session('2026-12-07T14:00:00.000Z', '2026-12-07T19:15:00.000Z') },
        'America/New_York',
      ),
    ).toBe('Opened 9:00 am, closed 2:15 pm');
  });
});
