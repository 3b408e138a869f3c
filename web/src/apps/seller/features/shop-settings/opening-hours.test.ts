import { describe, expect, it } from 'vitest';
import { weekAtAGlance } from '@kirana/shared';
import { copyDay, DAY_PRESETS, setDays } from './opening-hours';

const sundayOnly = [{ day: 0, opens: '09:00', closes: '21:00' }];

describe('editing the week’s opening hours', () => {
  it('sets the same hours on every day in one go, not just the day at hand', () => {
    const everyDay = DAY_PRESETS.find((preset) => preset.label === 'Every day')!;
    const hours = setDays(sundayOnly, everyDay.days, '09:00', '21:00');
    expect(hours.map((opening) => opening.day)).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(new Set(hours.map(({ opens, closes }) => `${opens}-${closes}`))).toEqual(
      new Set(['09:00-21:00']),
    );
  });

  it('sets the working days, leaving the weekend’s hours as they were', () => {
    const weekdays = DAY_PRESETS.find((preset) => preset.label === 'Monday to Friday')!;
    const hours = setDays(
      [...sundayOnly, { day: 1, opens: '06:00', closes: '10:00' }],
      weekdays.days,
      '07:00',
      '22:00',
    );
    expect(hours).toEqual([
      { day: 1, opens: '07:00', closes: '22:00' },
      { day: 2, opens: '07:00', closes: '22:00' },
      { day: 3, opens: '07:00', closes: '22:00' },
      { day: 4, opens: '07:00', closes: '22:00' },
      { day: 5, opens: '07:00', closes: '22:00' },
      { day: 0, opens: '09:00', closes: '21:00' },
    ]);
    expect(DAY_PRESETS.find((preset) => preset.label === 'Monday to Saturday')?.days).toEqual([
      1, 2, 3, 4, 5, 6,
    ]);
  });

  it('copies a day with two openings to others, replacing theirs; copying a closed day closes them', () => {
    const monday = [
      { day: 1, opens: '07:00', closes: '13:00' },
      { day: 1, opens: '16:00', closes: '22:00' },
    ];
    const hours = copyDay([...monday, { day: 3, opens: '10:00', closes: '11:00' }], 1, [1, 3, 6]);
    expect(hours).toEqual([
      ...monday,
      { day: 3, opens: '07:00', closes: '13:00' },
      { day: 3, opens: '16:00', closes: '22:00' },
      { day: 6, opens: '07:00', closes: '13:00' },
      { day: 6, opens: '16:00', closes: '22:00' },
    ]);
    expect(copyDay(hours, 2, [3, 6])).toEqual(monday);
  });

  it('reads the week at a glance from Monday, closed days with no openings', () => {
    const week = weekAtAGlance([
      { day: 0, opens: '09:00', closes: '21:00' },
      { day: 1, opens: '16:00', closes: '24:00' },
      { day: 1, opens: '07:00', closes: '13:00' },
      { day: 2, opens: '00:00', closes: '24:00' },
    ]);
    expect(week).toEqual([
      { day: 1, openings: ['7:00 am – 1:00 pm', '4:00 pm – 12:00 am'] },
      { day: 2, openings: ['24 hours'] },
      { day: 3, openings: [] },
      { day: 4, openings: [] },
      { day: 5, openings: [] },
      { day: 6, openings: [] },
      { day: 0, openings: ['9:00 am – 9:00 pm'] },
    ]);
    expect(weekAtAGlance([]).every((day) => day.openings[0] === '24 hours')).toBe(true);
  });
});
