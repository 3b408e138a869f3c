import { describe, expect, it } from 'vitest';
import { refundText } from './refund-text';

describe('refundText', () => {
  it('shows the amount refunded in rupees and where the refund stands', () => {
    expect(refundText({ amount: 102, status: 'pending' })).toBe('₹102.00 · In progress');
    expect(refundText({ amount: 102.5, status: 'processed' })).toBe('₹102.50 · Refunded');
    expect(refundText({ amount: 40, status: 'failed' })).toBe('₹40.00 · Failed');
  });
});
