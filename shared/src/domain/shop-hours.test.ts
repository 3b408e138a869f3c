import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { shopOpening, type OpeningHours } from './shop-hours.js';
import { dayIn, promiseState, shopTimeLabel } from './shop-time.js';

const IST = 'Asia/Kolkata';
/** 7 am to 10 pm every day. */
const DAILY: OpeningHours[] = [0, 1, 2, 3, 4, 5, 6].map((day) => ({
  day,
  opens: '07:00',
  closes: '22:00',
}));
const at = (iso: string) => new Date(iso);

describe('shopOpening', () => {
  test('without hours the shop is open around the clock, unless paused', () => {
    const clock = { hours: [], pausedUntil: null, timeZone: IST };
    expect(shopOpening(clock, at('2026-11-27T03:00:00Z'))).toEqual({
      open: true,
      opensAt: null,
      closesAt: null,
    });
    const paused = { ...clock, pausedUntil: at('2026-11-27T03:30:00Z') };
    expect(shopOpening(paused, at('2026-11-27T03:00:00Z'))).toEqual({
      open: false,
      opensAt: at('2026-11-27T03:30:00Z'),
      closesAt: null,
    });
    // A pause that has ended is no pause.
    expect(shopOpening(paused, at('2026-11-27T03:30:00Z')).open).toBe(true);
  });

  test('hours are the shop’s local time: 7 am in Pune is 01:30 UTC', () => {
    const clock = { hours: DAILY, pausedUntil: null, timeZone: IST };
    // 06:59 in Pune: closed, opens at 07:00 IST.
    expect(shopOpening(clock, at('2026-11-27T01:29:00Z'))).toEqual({
      open: false,
      opensAt: at('2026-11-27T01:30:00Z'),
      closesAt: null,
    });
    // 07:00: open until 22:00 IST (16:30 UTC).
    expect(shopOpening(clock, at('2026-11-27T01:30:00Z'))).toEqual({
      open: true,
      opensAt: null,
      closesAt: at('2026-11-27T16:30:00Z'),
    });
    // 22:00: closed until tomorrow's 07:00.
    expect(shopOpening(clock, at('2026-11-27T16:30:00Z'))).toEqual({
      open: false,
      opensAt: at('2026-11-28T01:30:00Z'),
      closesAt: null,
    });
    // The same instant in another shop's zone: 07:00 in London is still night in Pune.
    const london = shopOpening({ ...clock, timeZone: 'Europe/London' }, at('2026-11-27T07:00:00Z'));
    expect(london.open).toBe(true);
  });

  test('hours across midnight: Friday 18:00 to Saturday 02:00', () => {
    const clock = {
      hours: [{ day: 5, opens: '18:00', closes: '02:00' }],
      pausedUntil: null,
      timeZone: IST,
    };
    // Friday 2026-11-27, 23:30 IST.
    expect(shopOpening(clock, at('2026-11-27T18:00:00Z'))).toEqual({
      open: true,
      opensAt: null,
      closesAt: at('2026-11-27T20:30:00Z'),
    });
    // Saturday 01:59 IST: still Friday's opening.
    expect(shopOpening(clock, at('2026-11-27T20:29:00Z')).open).toBe(true);
    // Saturday 02:00: closed until next Friday 18:00.
    expect(shopOpening(clock, at('2026-11-27T20:30:00Z'))).toEqual({
      open: false,
      opensAt: at('2026-12-04T12:30:00Z'),
      closesAt: null,
    });
  });

  test('openings that touch are one: open until the last closes; 24:00 is midnight', () => {
    const clock = {
      hours: [
        { day: 5, opens: '08:00', closes: '24:00' },
        { day: 6, opens: '00:00', closes: '12:00' },
      ],
      pausedUntil: null,
      timeZone: IST,
    };
    expect(shopOpening(clock, at('2026-11-27T12:00:00Z')).closesAt).toEqual(
      at('2026-11-28T06:30:00Z'),
    );
  });

  test('a pause inside the hours opens at its end; one past closing, at the next opening', () => {
    const now = at('2026-11-27T06:00:00Z'); // 11:30 IST
    const clock = { hours: DAILY, pausedUntil: at('2026-11-27T06:30:00Z'), timeZone: IST };
    expect(shopOpening(clock, now)).toEqual({
      open: false,
      opensAt: at('2026-11-27T06:30:00Z'),
      closesAt: null,
    });
    const late = { ...clock, pausedUntil: at('2026-11-27T17:00:00Z') }; // 22:30 IST
    expect(shopOpening(late, now).opensAt).toEqual(at('2026-11-28T01:30:00Z'));
  });

  test('across a change of clocks (New York, 2026-11-01) the hours stay local', () => {
    const clock = {
      hours: [{ day: 0, opens: '09:00', closes: '17:00' }],
      pausedUntil: null,
      timeZone: 'America/New_York',
    };
    // Sunday 1 November, after the change to EST (UTC−5): 09:00 is 14:00 UTC.
    expect(shopOpening(clock, at('2026-11-01T13:59:00Z')).opensAt).toEqual(
      at('2026-11-01T14:00:00Z'),
    );
  });

  test('whatever the hours and the instant: open exactly when inside an opening; the next change is ahead', () => {
    const time = fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
      .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
    const hours = fc.array(
      fc.record({ day: fc.integer({ min: 0, max: 6 }), opens: time, closes: time }),
      { minLength: 1, maxLength: 6 },
    );
    fc.assert(
      fc.property(
        hours,
        fc.date({
          min: at('2026-01-01T00:00:00Z'),
          max: at('2027-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        (hours, now) => {
          const opening = shopOpening({ hours, pausedUntil: null, timeZone: IST }, now);
          const change = opening.open ? opening.closesAt : opening.opensAt;
          if (change) {
            expect(change.getTime()).toBeGreaterThan(now.getTime());
            // Just before the change the shop is as it is now; at it, the other way.
            const before = shopOpening(
              { hours, pausedUntil: null, timeZone: IST },
              new Date(change.getTime() - 1),
            );
            expect(before.open).toBe(opening.open);
            const after = shopOpening({ hours, pausedUntil: null, timeZone: IST }, change);
            expect(after.open).toBe(!opening.open);
          }
        },
      ),
    );
  });
});

describe('shopTimeLabel', () => {
  const now = at('2026-11-27T06:00:00Z'); // Friday 11:30 am in Pune
  test('today, tomorrow, later in the week, in the shop’s zone', () => {
    expect(shopTimeLabel(at('2026-11-27T07:10:00Z'), IST, now)).toBe('12:40 pm');
    expect(shopTimeLabel(at('2026-11-28T01:30:00Z'), IST, now)).toBe('7:00 am tomorrow');
    expect(shopTimeLabel(at('2026-11-30T01:30:00Z'), IST, now)).toBe('Mon 7:00 am');
    // A week away, today's weekday again: with its date.
    expect(shopTimeLabel(at('2026-12-04T00:30:00Z'), IST, now)).toBe('Fri 4 Dec 6:00 am');
  });
});

describe('promiseState', () => {
  const promisedAt = '2026-11-27T07:10:00.000Z';
  const before = Date.parse('2026-11-27T07:00:00Z');
  const after = Date.parse('2026-11-27T07:11:00Z');
  test('due, then late on its way; on time or late once delivered; none without a promise', () => {
    const open = { status: 'Picked', promisedAt, deliveredAt: null };
    expect(promiseState(open, before)).toBe('due');
    expect(promiseState(open, after)).toBe('late');
    const delivered = (at: string) => ({ status: 'Delivered', promisedAt, deliveredAt: at });
    expect(promiseState(delivered('2026-11-27T07:10:00.000Z'), after)).toBe('on-time');
    expect(promiseState(delivered('2026-11-27T07:10:01.000Z'), before)).toBe('late');
    expect(
      promiseState({ status: 'Order Placed', promisedAt: null, deliveredAt: null }, after),
    ).toBeNull();
    expect(promiseState({ ...open, status: 'Cancelled' }, after)).toBeNull();
  });
});

describe('dayIn', () => {
  test('the day in the shop’s zone, not UTC’s: 23:30 in Pune is still that day, 00:30 the next', () => {
    expect(dayIn(at('2026-11-27T18:00:00Z'), IST)).toBe('2026-11-27');
    expect(dayIn(at('2026-11-27T19:00:00Z'), IST)).toBe('2026-11-28');
    expect(dayIn(at('2026-11-28T03:00:00Z'), 'America/New_York')).toBe('2026-11-27');
    expect(dayIn(at('2026-01-05T00:00:00Z'), 'UTC')).toBe('2026-01-05');
  });
});
