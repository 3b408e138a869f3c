import { describe, expect, test } from 'vitest';
import { orderNumber } from './order-number.js';

describe('orderNumber', () => {
  test('is the last eight hex digits of the id, upper-cased', () => {
    expect(orderNumber('019a7c2e-5b1d-7f3a-9c2e-4d117fcac308')).toBe('7FCAC308');
  });

  test('two orders of the same millisecond get different numbers (the tail is random)', () => {
    expect(orderNumber('019a7c2e-5b1d-7f3a-9c2e-4d117fcac308')).not.toBe(
      orderNumber('019a7c2e-5b1d-7f3a-9c2e-4d1100000001'),
    );
  });
});
