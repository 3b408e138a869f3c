import { describe, expect, it } from 'vitest';
import { receiveOrder, reconcileOrders, splitOrders, withoutRemovedOrder } from './order-lists';
import { anAgentOrder, at, ME, SOMEONE_ELSE } from './test/orders';

describe('splitOrders', () => {
  it('puts my undelivered orders, the open ones and my delivered ones in separate lists', () => {
    const open = anAgentOrder(1);
    const accepted = anAgentOrder(2, { assignedTo: ME });
    const picked = anAgentOrder(3, { assignedTo: ME, status: 'Picked' });
    const delivered = anAgentOrder(4, { assignedTo: ME, status: 'Delivered', isPaid: true });

    const lists = splitOrders([open, accepted, picked, delivered], ME);

    expect(lists.mine).toEqual([picked, accepted]);
    expect(lists.open).toEqual([open]);
    expect(lists.delivered).toEqual([delivered]);
  });

  it('never lists another agent’s orders, even delivered ones', () => {
    const theirs = anAgentOrder(1, { assignedTo: SOMEONE_ELSE });
    const theirsDelivered = anAgentOrder(2, {
      assignedTo: SOMEONE_ELSE,
      status: 'Delivered',
      isPaid: true,
    });
    expect(splitOrders([theirs, theirsDelivered], ME)).toEqual({
      mine: [],
      open: [],
      delivered: [],
    });
  });

  it('lists no cancelled order, mine or open: there is nothing to deliver', () => {
    const cancelledMine = anAgentOrder(1, {
      assignedTo: ME,
      status: 'Cancelled',
      cancelledBy: 'seller',
      cancelReason: 'Shopper unreachable',
    });
    const cancelledOpen = anAgentOrder(2, { status: 'Cancelled', cancelledBy: 'user' });
    expect(splitOrders([cancelledMine, cancelledOpen], ME)).toEqual({
      mine: [],
      open: [],
      delivered: [],
    });
  });

  it('sorts delivered orders by when they were delivered, newest first', () => {
    const early = anAgentOrder(1, {
      assignedTo: ME,
      status: 'Delivered',
      isPaid: true,
      updatedAt: at(50),
    });
    const late = anAgentOrder(2, {
      assignedTo: ME,
      status: 'Delivered',
      isPaid: true,
      updatedAt: at(40),
    });
    expect(splitOrders([late, early], ME).delivered).toEqual([early, late]);
  });
});

describe('reconcileOrders', () => {
  it('drops orders the answer no longer lists, e.g. taken by another agent', () => {
    const kept = anAgentOrder(1);
    const taken = anAgentOrder(2);
    expect(reconcileOrders([taken, kept], [kept])).toEqual([kept]);
  });

  it('adds new orders, newest first', () => {
    const old = anAgentOrder(1);
    const fresh = anAgentOrder(5);
    expect(reconcileOrders([old], [fresh, old])).toEqual([fresh, old]);
  });

  it('keeps a held version newer than the answer’s, so a slow refresh never rolls back', () => {
    const stale = anAgentOrder(1);
    const accepted = { ...stale, assignedTo: ME, updatedAt: at(9) };
    expect(reconcileOrders([accepted], [stale])).toEqual([accepted]);
  });

  it('takes the answer’s version when it is newer', () => {
    const held = anAgentOrder(1, { assignedTo: ME });
    const picked = { ...held, status: 'Picked' as const, updatedAt: at(9) };
    expect(reconcileOrders([held], [picked])).toEqual([picked]);
  });

  it('answers the held list itself when nothing changed', () => {
    const held = [anAgentOrder(2), anAgentOrder(1)];
    const same = held.map((order) => ({ ...order }));
    expect(reconcileOrders(held, same)).toBe(held);
  });
});

describe('receiveOrder', () => {
  it('replaces the held order by a newer version', () => {
    const held = anAgentOrder(1);
    const accepted = { ...held, assignedTo: ME, updatedAt: at(7) };
    expect(receiveOrder([held], accepted, ME)).toEqual([accepted]);
  });

  it('ignores a version older than the held one', () => {
    const held = [anAgentOrder(1, { assignedTo: ME, status: 'Picked', updatedAt: at(8) })];
    const late = { ...held[0]!, status: 'Order Placed' as const, updatedAt: at(3) };
    expect(receiveOrder(held, late, ME)).toBe(held);
  });

  it('takes out an order another agent accepted', () => {
    const open = anAgentOrder(1);
    const other = anAgentOrder(2);
    const taken = { ...open, assignedTo: SOMEONE_ELSE, updatedAt: at(6) };
    expect(receiveOrder([other, open], taken, ME)).toEqual([other]);
  });

  it('adds an order it did not hold, newest first', () => {
    const old = anAgentOrder(1);
    const fresh = anAgentOrder(4);
    expect(receiveOrder([old], fresh, ME)).toEqual([fresh, old]);
  });
});

describe('withoutRemovedOrder', () => {
  it('drops an open order another agent took', () => {
    const [kept, taken] = [anAgentOrder(1), anAgentOrder(2)];
    expect(withoutRemovedOrder([taken, kept], { _id: taken._id, reason: 'taken' }, ME)).toEqual([
      kept,
    ]);
  });

  it('keeps a taken order when it is my own: I was the one who won it', () => {
    const held = [anAgentOrder(1, { assignedTo: ME, updatedAt: at(5) })];
    expect(withoutRemovedOrder(held, { _id: held[0]!._id, reason: 'taken' }, ME)).toBe(held);
  });

  it('drops a cancelled order, my own too', () => {
    const mine = anAgentOrder(1, { assignedTo: ME });
    const open = anAgentOrder(2);
    expect(withoutRemovedOrder([mine, open], { _id: mine._id, reason: 'cancelled' }, ME)).toEqual([
      open,
    ]);
    expect(withoutRemovedOrder([open], { _id: open._id, reason: 'cancelled' }, ME)).toEqual([]);
  });

  it('answers the held list itself for an order it does not hold', () => {
    const held = [anAgentOrder(1)];
    expect(withoutRemovedOrder(held, { _id: anAgentOrder(2)._id, reason: 'cancelled' }, ME)).toBe(
      held,
    );
  });
});
