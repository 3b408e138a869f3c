import { AGENT_POLL_MS } from '@kirana/shared';
import { describe, expect, it } from 'vitest';
import { FIRST_RETRY_MS, retryDelay } from './retry-backoff';

const middle = () => 0.5;

describe('retryDelay', () => {
  it('doubles from 2 seconds on each failed attempt', () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelay(attempt, middle))).toEqual([
      2_000, 4_000, 8_000, 16_000,
    ]);
  });

  it('never waits longer than the 30 second refresh', () => {
    expect(retryDelay(5, middle)).toBe(AGENT_POLL_MS);
    expect(retryDelay(500, () => 0.999)).toBe(AGENT_POLL_MS);
  });

  it('spreads each wait by up to 20 % either way', () => {
    expect(retryDelay(1, () => 0)).toBe(FIRST_RETRY_MS * 0.8);
    expect(retryDelay(1, () => 0.999_999)).toBeCloseTo(FIRST_RETRY_MS * 1.2, -1);
    expect(retryDelay(3, () => 0)).toBe(8_000 * 0.8);
  });

  it('treats a first or nonsense attempt as the first', () => {
    expect(retryDelay(0, middle)).toBe(FIRST_RETRY_MS);
    expect(retryDelay(-3, middle)).toBe(FIRST_RETRY_MS);
  });
});
