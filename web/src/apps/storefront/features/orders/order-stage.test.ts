import type { Order } from '@kirana/shared';
import { describe, expect, it } from 'vitest';
import { anOrder, at } from '../../../../test/orders';
import { cancelledByText, orderStage, stageBadge } from './order-stage';

const shopperOrder = (overrides: Partial<Order> = {}) => anOrder<Order>(0, overrides);
const awaiting = (overrides: Partial<Order> = {}) =>
  shopperOrder({ paymentType: 'Online', payBy: at(30), ...overrides });

describe('orderStage', () => {
  it('an unpaid online order just placed awaits its payment, payable until its time to pay by', () => {
    const order = awaiting();
    expect(orderStage(order, Date.parse(at(10)))).toEqual({
      kind: 'awaiting-payment',
      payBy: at(30),
      canPay: true,
    });
    expect(stageBadge(order, orderStage(order, Date.parse(at(10))))).toBe('Awaiting payment');
  });

  it('once the time to pay has run out, it still awaits payment but offers no Pay now', () => {
    for (const now of [at(30), at(45)]) {
      expect(orderStage(awaiting(), Date.parse(now))).toMatchObject({
        kind: 'awaiting-payment',
        canPay: false,
      });
    }
  });

  it('an online order with no time to pay by can be paid (the server decides)', () => {
    expect(orderStage(awaiting({ payBy: null }), Date.parse(at(10)))).toMatchObject({
      canPay: true,
    });
  });

  it('a paid online order, and any cash-on-delivery order, shows its progress', () => {
    const now = Date.parse(at(10));
    for (const order of [
      awaiting({ isPaid: true, paidVia: 'online', payBy: null }),
      awaiting({ isPaid: true, paidVia: 'online', status: 'Picked' }),
      shopperOrder(),
      shopperOrder({ status: 'Picked' }),
    ]) {
      const stage = orderStage(order, now);
      expect(stage).toEqual({ kind: 'progress' });
      expect(stageBadge(order, stage)).toBe(order.status === 'Picked' ? 'Picked' : 'Pending');
    }
  });

  it('an order an agent has accepted says Accepted until it is picked', () => {
    const now = Date.parse(at(10));
    const accepted = shopperOrder({ assignedTo: 'agent-1', acceptedAt: at(2) });
    expect(stageBadge(accepted, orderStage(accepted, now))).toBe('Accepted');
    const picked = shopperOrder({ assignedTo: 'agent-1', acceptedAt: at(2), status: 'Picked' });
    expect(stageBadge(picked, orderStage(picked, now))).toBe('Picked');
  });

  it('a cancelled order shows who cancelled it, why and when, instead of progress or payment', () => {
    const order = awaiting({
      status: 'Cancelled',
      cancelledBy: 'system',
      cancelReason: 'payment not completed',
      cancelledAt: at(31),
    });
    const stage = orderStage(order, Date.parse(at(10)));
    expect(stage).toEqual({
      kind: 'cancelled',
      by: 'system',
      reason: 'payment not completed',
      at: at(31),
    });
    expect(stageBadge(order, stage)).toBe('Cancelled');
  });
});

describe('cancellation texts', () => {
  it('says who cancelled in the shopper’s words', () => {
    expect(cancelledByText('user')).toBe('Cancelled by you');
    expect(cancelledByText('seller')).toBe('Cancelled by the shop');
    expect(cancelledByText('system')).toBe('Cancelled automatically');
    expect(cancelledByText(null)).toBe('Cancelled');
  });
});
