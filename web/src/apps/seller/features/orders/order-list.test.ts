import type { SellerOrder } from '@kirana/shared';
import { describe, expect, it } from 'vitest';
import { canAssignOrder, canCancelOrder, canTakeBackOrder, mergeOrders } from './order-list';
import { anOrder } from '../../../../test/orders';

const ids = (orders: readonly SellerOrder[]) => orders.map((order) => order._id);

describe('merging orders', () => {
  it('keeps the list newest first whichever order pages and refreshes arrive in', () => {
    const [a, b, c, d] = [anOrder(1), anOrder(2), anOrder(3), anOrder(4)];
    const firstPage = mergeOrders([], [d!, c!]);
    const withOlder = mergeOrders(firstPage, [b!, a!]);
    const refreshed = mergeOrders(withOlder, [anOrder(5), d!]);

    expect(ids(withOlder)).toEqual(ids([d!, c!, b!, a!]));
    expect(refreshed).toHaveLength(5);
    expect(refreshed.map((order) => order.createdAt)).toEqual(
      [...refreshed.map((order) => order.createdAt)].sort().reverse(),
    );
  });

  it('takes a newer copy of an order, and never rolls back to an older one', () => {
    const placed = anOrder(1);
    const picked: SellerOrder = {
      ...placed,
      status: 'Picked',
      assignedTo: { _id: 'agent-1', name: 'Ravi Kumar', phone: '9876543210' },
      updatedAt: '2025-01-01T10:30:00.000Z',
    };

    const updated = mergeOrders([placed], [picked]);
    expect(updated).toEqual([picked]);
    expect(mergeOrders(updated, [placed])).toBe(updated);
  });

  it('returns the same list when a refresh brings nothing new, so nothing renders again', () => {
    const list = mergeOrders([], [anOrder(2), anOrder(1)]);
    expect(mergeOrders(list, [...list])).toBe(list);
    expect(mergeOrders(list, [])).toBe(list);
  });

  it('orders two orders placed in the same millisecond by their time-ordered ids', () => {
    const first = anOrder(7);
    const second = anOrder(7);
    expect(ids(mergeOrders([], [first, second]))).toEqual([second._id, first._id]);
  });
});

describe('taking an order back', () => {
  const agent = { _id: '0190a5b2-7c3e-7a10-b000-000000000001', name: 'Ravi', phone: '9800000001' };

  it('is offered for an order an agent holds until it is delivered or cancelled', () => {
    expect(canTakeBackOrder(anOrder<SellerOrder>(1, { assignedTo: agent }))).toBe(true);
    expect(canTakeBackOrder(anOrder<SellerOrder>(1, { assignedTo: agent, status: 'Picked' }))).toBe(
      true,
    );
    expect(canTakeBackOrder(anOrder(1))).toBe(false);
    expect(
      canTakeBackOrder(
        anOrder<SellerOrder>(1, { assignedTo: agent, status: 'Delivered', isPaid: true }),
      ),
    ).toBe(false);
    expect(
      canTakeBackOrder(anOrder<SellerOrder>(1, { assignedTo: agent, status: 'Cancelled' })),
    ).toBe(false);
  });
});

describe('cancelling and assigning an order', () => {
  const agent = { _id: '0190a5b2-7c3e-7a10-b000-000000000001', name: 'Ravi', phone: '9800000001' };

  it('offers cancelling until the order is delivered', () => {
    expect(canCancelOrder(anOrder(1))).toBe(true);
    expect(canCancelOrder(anOrder<SellerOrder>(1, { assignedTo: agent, status: 'Picked' }))).toBe(
      true,
    );
    expect(
      canCancelOrder(
        anOrder<SellerOrder>(1, { assignedTo: agent, status: 'Delivered', isPaid: true }),
      ),
    ).toBe(false);
    expect(canCancelOrder(anOrder<SellerOrder>(1, { status: 'Cancelled' }))).toBe(false);
  });

  it('offers assigning only an open order no agent holds', () => {
    expect(canAssignOrder(anOrder(1))).toBe(true);
    expect(canAssignOrder(anOrder<SellerOrder>(1, { assignedTo: agent }))).toBe(false);
    expect(canAssignOrder(anOrder<SellerOrder>(1, { status: 'Cancelled' }))).toBe(false);
  });
});
