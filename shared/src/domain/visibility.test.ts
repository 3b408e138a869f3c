import { describe, expect, it } from 'vitest';
import type { Actor, OrderFacts } from './order-machine.js';
import { isOpenForAgents, isVisibleTo } from './visibility.js';

const seller: Actor = { role: 'seller' };
const agent: Actor = { role: 'agent', id: 'agent-1' };
const shopper: Actor = { role: 'user', id: 'user-1' };
const otherShopper: Actor = { role: 'user', id: 'user-2' };

const order = (facts: Partial<OrderFacts> = {}): OrderFacts => ({
  status: 'Order Placed',
  paymentType: 'COD',
  isPaid: false,
  assignedTo: null,
  userId: 'user-1',
  ...facts,
});

const unpaidOnline = order({ paymentType: 'Online' });
const paidOnline = order({ paymentType: 'Online', isPaid: true });
const othersOrder = order({ assignedTo: 'agent-2', status: 'Picked' });
const myDelivered = order({ assignedTo: 'agent-1', status: 'Delivered', isPaid: true });
const unassignedDelivered = order({ status: 'Delivered', isPaid: true });
const myCancelled = order({ assignedTo: 'agent-1', status: 'Cancelled' });
const expired = order({ paymentType: 'Online', status: 'Cancelled' });

describe('isVisibleTo', () => {
  it.each([
    ['seller', 'an unpaid COD order', order(), seller, true],
    ['seller', 'a paid online order', paidOnline, seller, true],
    ['seller', 'an unpaid online order', unpaidOnline, seller, false],
    ['seller', 'a khata order, unpaid', order({ paymentType: 'Khata' }), seller, true],
    ['seller', "another agent's order", othersOrder, seller, true],
    ['agent', 'an open unassigned COD order', order(), agent, true],
    ['agent', 'a paid online order in the pool', paidOnline, agent, true],
    ['agent', 'an unpaid online order', unpaidOnline, agent, false],
    ['agent', 'an open khata order in the pool', order({ paymentType: 'Khata' }), agent, true],
    ['agent', "another agent's order", othersOrder, agent, false],
    ['agent', 'their own delivered order', myDelivered, agent, true],
    ['agent', 'a delivered order nobody holds', unassignedDelivered, agent, false],
    ['agent', 'their own cancelled order', myCancelled, agent, false],
    ['agent', 'an expired online order', expired, agent, false],
    ['seller', 'an expired online order', expired, seller, false],
    ['shopper', 'their own expired online order', expired, shopper, true],
    ['shopper', 'their own unpaid online order', unpaidOnline, shopper, true],
    ['shopper', 'their own assigned order', othersOrder, shopper, true],
    ['shopper', "someone else's order", order(), otherShopper, false],
  ])('the %s sees %s: %s', (_role, _case, facts, actor, visible) => {
    expect(isVisibleTo(facts, actor)).toBe(visible);
  });
});

describe('isOpenForAgents', () => {
  it.each([
    ['an unassigned COD order', order(), true],
    ['an unassigned paid online order', paidOnline, true],
    ['an unpaid online order', unpaidOnline, false],
    ['an assigned order', othersOrder, false],
    ['a delivered order', unassignedDelivered, false],
  ])('%s: %s', (_case, facts, open) => {
    expect(isOpenForAgents(facts)).toBe(open);
  });
});
