import { describe, expect, it } from 'vitest';
import { cancelReasonText, formatOrderTime } from './format';

describe('formatOrderTime', () => {
  const now = new Date(2025, 0, 1, 18, 0);

  it('shows only the time for an order of today', () => {
    expect(formatOrderTime(new Date(2025, 0, 1, 10, 42).toISOString(), now)).toMatch(
      /^10:42\s?am$/i,
    );
  });

  it('adds the day for an older order', () => {
    expect(formatOrderTime(new Date(2024, 11, 31, 21, 5).toISOString(), now)).toMatch(
      /^31 Dec,? 9:05\s?pm$/i,
    );
  });
});

describe('cancelReasonText', () => {
  it('writes the reason as a sentence, or says none was given', () => {
    expect(cancelReasonText('payment not completed')).toBe('Payment not completed');
    expect(cancelReasonText('  ')).toBe('No reason given');
    expect(cancelReasonText(null)).toBe('No reason given');
  });
});
