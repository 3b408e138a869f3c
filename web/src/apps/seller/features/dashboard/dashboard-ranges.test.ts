import { describe, expect, it } from 'vitest';
import {
  addDays,
  hourLabel,
  minutesText,
  quickRanges,
  rangeProblem,
  shareText,
} from './dashboard-ranges';

describe('the dashboard’s ranges and words', () => {
  it('today, yesterday and the last 7 days from the shop’s today, across a month and a year', () => {
    expect(quickRanges('2026-01-03')).toEqual([
      { label: 'Today', range: { from: '2026-01-03', to: '2026-01-03' } },
      { label: 'Yesterday', range: { from: '2026-01-02', to: '2026-01-02' } },
      { label: 'Last 7 days', range: { from: '2025-12-28', to: '2026-01-03' } },
    ]);
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('hours, shares and minutes as the seller reads them', () => {
    expect(hourLabel(0)).toBe('12 am');
    expect(hourLabel(13)).toBe('1 pm');
    expect(shareText(0.926)).toBe('93%');
    expect(shareText(null)).toBe('—');
    expect(minutesText(24.5)).toBe('24.5 min');
    expect(minutesText(null)).toBe('—');
  });

  it('a range picked backwards or longer than a year is said, in the screen’s words', () => {
    expect(rangeProblem({ from: '2026-11-27', to: '2026-11-01' })).toBe(
      'The first day must not be after the last',
    );
    expect(rangeProblem({ from: '2025-01-01', to: '2026-11-01' })).toBe('Pick at most 366 days');
    expect(rangeProblem({ from: '2025-11-27', to: '2026-11-27' })).toBeNull();
    // A date box cleared.
    expect(rangeProblem({ from: '', to: '2026-11-27' })).toBe('Pick both days');
    expect(rangeProblem({ from: '2026-11-01', to: '' })).toBe('Pick both days');
  });
});
