import { describe, expect, it } from 'vitest';
import { actionLabel, actionTexts, orderAction } from './order-actions';
import { anAgentOrder, ME, SOMEONE_ELSE } from './test/orders';

describe('orderAction', () => {
  it('offers Accept on an open order', () => {
    const action = orderAction(anAgentOrder(1), ME);
    expect(action).toEqual({ kind: 'accept' });
    expect(actionLabel(action!)).toBe('Accept');
  });

  it('offers nothing on an order another agent holds', () => {
    expect(orderAction(anAgentOrder(1, { assignedTo: SOMEONE_ELSE }), ME)).toBeNull();
  });

  it('offers Mark Picked on an accepted order, paid or not', () => {
    for (const isPaid of [false, true]) {
      const action = orderAction(anAgentOrder(1, { assignedTo: ME, isPaid }), ME);
      expect(action).toEqual({ kind: 'status', to: 'Picked' });
      expect(actionLabel(action!)).toBe('Mark Picked');
    }
  });

  it('offers Collect cash on a picked cash-on-delivery order not yet paid', () => {
    const order = anAgentOrder(1, { assignedTo: ME, status: 'Picked' });
    const action = orderAction(order, ME);
    expect(action).toEqual({ kind: 'collect-cash' });
    expect(actionLabel(action!)).toBe('Collect cash');
  });

  it('offers Mark Delivered on a picked order once paid, in cash or online', () => {
    for (const paymentType of ['COD', 'Online'] as const) {
      const order = anAgentOrder(1, {
        assignedTo: ME,
        status: 'Picked',
        isPaid: true,
        paymentType,
      });
      const action = orderAction(order, ME);
      expect(action).toEqual({ kind: 'status', to: 'Delivered' });
      expect(actionLabel(action!)).toBe('Mark Delivered');
    }
  });

  it('offers nothing on a picked online order awaiting payment (collected online later)', () => {
    const order = anAgentOrder(1, { assignedTo: ME, status: 'Picked', paymentType: 'Online' });
    expect(orderAction(order, ME)).toBeNull();
  });

  it('offers nothing once delivered', () => {
    const order = anAgentOrder(1, { assignedTo: ME, status: 'Delivered', isPaid: true });
    expect(orderAction(order, ME)).toBeNull();
  });

  it('offers nothing on an unpaid online order, which is not open to agents', () => {
    expect(orderAction(anAgentOrder(1, { paymentType: 'Online' }), ME)).toBeNull();
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
});
