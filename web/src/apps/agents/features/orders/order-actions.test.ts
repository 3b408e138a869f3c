import { describe, expect, it } from 'vitest';
import {
  actionLabel,
  actionTexts,
  asksForPin,
  orderActions,
  paymentFailedText,
  verifyTexts,
} from './order-actions';
import { paymentTypeText } from './order-texts';
import { anAgentOrder, ME, SOMEONE_ELSE } from '../../test/orders';

describe('orderActions', () => {
  it('offers Accept on an open order', () => {
    const actions = orderActions(anAgentOrder(1), ME);
    expect(actions).toEqual([{ kind: 'accept' }]);
    expect(actionLabel(actions[0]!)).toBe('Accept');
  });

  it('asks for the PIN to deliver an order that has one, and offers nothing once locked', () => {
    const picked = { assignedTo: ME, status: 'Picked', isPaid: true, paidVia: 'cash' } as const;
    const withPin = anAgentOrder(1, { ...picked, pinRequired: true });
    expect(orderActions(withPin, ME)).toEqual([{ kind: 'status', to: 'Delivered' }]);
    expect(asksForPin(withPin, 'Delivered')).toBe(true);
    expect(asksForPin(withPin, 'Picked')).toBe(false);
    expect(asksForPin(anAgentOrder(2, picked), 'Delivered')).toBe(false);
    expect(
      orderActions(anAgentOrder(3, { ...picked, pinRequired: true, pinLocked: true }), ME),
    ).toEqual([]);
  });

  it('offers nothing on an order another agent holds', () => {
    expect(orderActions(anAgentOrder(1, { assignedTo: SOMEONE_ELSE }), ME)).toEqual([]);
  });

  it('offers Mark Picked on an accepted order, paid or not', () => {
    for (const isPaid of [false, true]) {
      const actions = orderActions(anAgentOrder(1, { assignedTo: ME, isPaid }), ME);
      expect(actions).toEqual([{ kind: 'status', to: 'Picked' }]);
      expect(actionLabel(actions[0]!)).toBe('Mark Picked');
    }
  });

  it('offers Collect cash and Collect online on a picked cash-on-delivery order not yet paid', () => {
    const order = anAgentOrder(1, { assignedTo: ME, status: 'Picked' });
    const actions = orderActions(order, ME);
    expect(actions).toEqual([{ kind: 'collect-cash' }, { kind: 'collect-online' }]);
    expect(actions.map(actionLabel)).toEqual(['Collect cash', 'Collect online']);
  });

  it('offers Mark Delivered on a picked order once paid, in cash or online', () => {
    for (const [paymentType, paidVia] of [
      ['COD', 'cash'],
      ['COD', 'online'],
      ['Online', 'online'],
    ] as const) {
      const order = anAgentOrder(1, {
        assignedTo: ME,
        status: 'Picked',
        isPaid: true,
        paidVia,
        paymentType,
      });
      const actions = orderActions(order, ME);
      expect(actions).toEqual([{ kind: 'status', to: 'Delivered' }]);
      expect(actionLabel(actions[0]!)).toBe('Mark Delivered');
    }
  });

  it('offers Mark Delivered on a picked khata order, unpaid, and never a collection: it goes on the khata', () => {
    const order = anAgentOrder(1, { assignedTo: ME, status: 'Picked', paymentType: 'Khata' });
    expect(orderActions(order, ME)).toEqual([{ kind: 'status', to: 'Delivered' }]);
    expect(paymentTypeText('Khata')).toBe('Khata');
  });

  it('offers nothing on a picked online order awaiting payment (collected online later)', () => {
    const order = anAgentOrder(1, { assignedTo: ME, status: 'Picked', paymentType: 'Online' });
    expect(orderActions(order, ME)).toEqual([]);
  });

  it('offers nothing once delivered', () => {
    const order = anAgentOrder(1, { assignedTo: ME, status: 'Delivered', isPaid: true });
    expect(orderActions(order, ME)).toEqual([]);
  });

  it('offers nothing on a cancelled order, not even a payment', () => {
    const order = anAgentOrder(1, {
      assignedTo: ME,
      status: 'Cancelled',
      cancelledBy: 'seller',
      cancelReason: 'Out of stock',
    });
    expect(orderActions(order, ME)).toEqual([]);
    expect(orderActions(anAgentOrder(1, { status: 'Cancelled' }), ME)).toEqual([]);
  });

  it('offers nothing on an unpaid online order, which is not open to agents', () => {
    expect(orderActions(anAgentOrder(1, { paymentType: 'Online' }), ME)).toEqual([]);
  });
});

describe('actionTexts', () => {
  it('uses the spec’s toasts for each action', () => {
    expect(actionTexts({ kind: 'accept' })).toEqual({
      success: 'Order accepted',
      rejected: 'Accept failed',
      failed: 'Failed to accept order',
    });
    expect(actionTexts({ kind: 'status', to: 'Picked' })).toEqual({
      success: 'Order status updated to Picked',
      rejected: 'Status update failed',
      failed: 'Failed to update status',
    });
    expect(actionTexts({ kind: 'collect-cash' })).toEqual({
      success: 'Payment collected in cash',
      rejected: 'Payment failed',
      failed: 'Failed to mark as paid',
    });
  });

  it('uses the spec’s payment toasts for collecting online at the door', () => {
    expect(actionTexts({ kind: 'collect-online' })).toEqual({
      success: 'Payment successful!',
      rejected: 'Failed to create Razorpay order',
      failed: 'Failed to create Razorpay order',
    });
    expect(verifyTexts()).toEqual({
      rejected: 'Payment verification failed.',
      failed: 'Error during payment verification.',
    });
    expect(paymentFailedText()).toBe('Payment failed');
  });
});
