import { describe, expect, test } from 'vitest';
import { validationMessage } from './common.js';
import { dashboardQuerySchema, dashboardRangeIssue, MAX_DASHBOARD_DAYS } from './dashboard.js';

const refusal = (query: unknown) => {
  const parsed = dashboardQuerySchema.safeParse(query);
  return parsed.success ? undefined : validationMessage(parsed.error);
};

describe('the dashboard’s days', () => {
  test('are optional days of the calendar as YYYY-MM-DD, the field named when not', () => {
    expect(dashboardQuerySchema.parse({})).toEqual({});
    expect(dashboardQuerySchema.parse({ from: '2024-02-29', to: '2024-03-01' })).toEqual({
      from: '2024-02-29',
      to: '2024-03-01',
    });
    expect(refusal({ from: '2026-2-01' })).toBe('from must be a day as YYYY-MM-DD');
    expect(refusal({ to: '2026-02-30' })).toBe('to must be a day of the calendar');
    expect(refusal({ from: ['2026-02-01', '2026-02-02'] })).toBe(
      'from must be a day as YYYY-MM-DD',
    );
  });

  test('run forwards, over at most a year (a leap one included)', () => {
    expect(dashboardRangeIssue('2026-11-27', '2026-11-27')).toBeUndefined();
    expect(dashboardRangeIssue('2024-01-01', '2024-12-31')).toBeUndefined();
    expect(MAX_DASHBOARD_DAYS).toBe(366);
    expect(dashboardRangeIssue('2026-11-28', '2026-11-27')).toBe(
      'from must not be after to (2026-11-27)',
    );
    expect(dashboardRangeIssue('2025-01-01', '2026-01-02')).toMatch(
      /^to must be within 366 days of from/,
    );
  });
});
