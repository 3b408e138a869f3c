import { describe, expect, it } from 'vitest';
import {
  ApiError,
  UNEXPECTED_ANSWER_MESSAGE,
  UNREACHABLE_MESSAGE,
} from '../../../../../lib/api-client';
import { attemptFor, newAttemptKey, outcomeKnown } from './checkout-attempt';

describe('checkout attempts', () => {
  it('makes keys of 32 hex digits, a new one each time', () => {
    const keys = new Set(Array.from({ length: 100 }, newAttemptKey));
    expect(keys.size).toBe(100);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
  });

  it('retries an attempt that asked the same with its key, and gives anything else a new key', () => {
    let made = 0;
    const makeKey = () => `key-${++made}`;
    const first = attemptFor(null, 'COD [a×1] to home', makeKey);
    expect(first).toEqual({ key: 'key-1', asked: 'COD [a×1] to home' });
    expect(attemptFor(first, 'COD [a×1] to home', makeKey)).toBe(first);
    expect(attemptFor(first, 'COD [a×2] to home', makeKey)).toEqual({
      key: 'key-2',
      asked: 'COD [a×2] to home',
    });
  });

  it('knows the outcome when the server answered in its own words, not when the answer was lost', () => {
    expect(outcomeKnown(new ApiError('Milk is out of stock', 409))).toBe(true);
    expect(outcomeKnown(new ApiError('Failed to create Razorpay order', 503))).toBe(true);
    expect(outcomeKnown(new ApiError(UNREACHABLE_MESSAGE, 0))).toBe(false);
    expect(outcomeKnown(new ApiError('The store could not answer (HTTP 502).', 502))).toBe(false);
    expect(outcomeKnown(new ApiError(UNEXPECTED_ANSWER_MESSAGE, 201))).toBe(false);
    expect(outcomeKnown(new Error('boom'))).toBe(false);
  });
});
