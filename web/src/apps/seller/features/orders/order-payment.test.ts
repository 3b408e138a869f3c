import { describe, expect, it } from 'vitest';
import { anOrder } from '../../../../test/orders';
import { cancelledByText, paymentSummary } from './order-payment';

describe('paymentSummary', () => {
  it('says how a paid order was paid: cash at the door, online, or online at the door', () => {
    expect(paymentSummary(anOrder(0, { isPaid: true, paidVia: 'cash' }))).toEqual({
      state: 'paid',
      text: 'Paid in cash at the door',
    });
    expect(
      paymentSummary(anOrder(0, { paymentType: 'Online', isPaid: true, paidVia: 'online' })),
    ).toEqual({ state: 'paid', text: 'Paid online' });
    expect(paymentSummary(anOrder(0, { isPaid: true, paidVia: 'online' }))).toEqual({
      state: 'paid',
      text: 'Paid online at the door',
    });
  });

  it('says Paid when the order does not say how', () => {
    expect(paymentSummary(anOrder(0, { isPaid: true, paidVia: null }))).toEqual({
      state: 'paid',
      text: 'Paid',
    });
  });

  it('shows an unpaid order as pending, and as not paid once cancelled', () => {
    expect(paymentSummary(anOrder(0))).toEqual({ state: 'pending', text: 'Pending' });
    expect(paymentSummary(anOrder(0, { status: 'Cancelled' }))).toEqual({
      state: 'unpaid',
      text: 'Not paid',
    });
  });

  it('shows a khata order on the khata once delivered, on its way till then, not paid once cancelled', () => {
    const khata = { paymentType: 'Khata' } as const;
    expect(paymentSummary(anOrder(0, khata))).toEqual({
      state: 'pending',
      text: 'On the khata once delivered',
    });
    expect(paymentSummary(anOrder(0, { ...khata, status: 'Delivered' }))).toEqual({
      state: 'paid',
      text: 'On the khata',
    });
    expect(paymentSummary(anOrder(0, { ...khata, status: 'Cancelled' }))).toEqual({
      state: 'unpaid',
      text: 'Not paid',
    });
  });
});

describe('cancellation texts', () => {
  it('says who cancelled in the seller’s words', () => {
    expect(cancelledByText('user')).toBe('Cancelled by the shopper');
    expect(cancelledByText('seller')).toBe('Cancelled by the shop');
    expect(cancelledByText('system')).toBe('Cancelled automatically');
  });
});
