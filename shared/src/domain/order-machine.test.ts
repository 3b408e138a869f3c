import { describe, expect, it } from 'vitest';
import {
  type Actor,
  canAccept,
  canAssign,
  canCancel,
  canChangeStatus,
  canCollectOnline,
  canMarkPaid,
  canTakeBack,
  type Decision,
  DELIVERY_STATUSES,
  isStatusMove,
  nextStatus,
  ORDER_STATUSES,
  type OrderFacts,
  type OrderStatus,
  type Refusal,
  progressIndex,
  shopperBadge,
} from './order-machine.js';

const seller: Actor = { role: 'seller' };
const agent: Actor = { role: 'agent', id: 'agent-1' };
const otherAgent: Actor = { role: 'agent', id: 'agent-2' };
const shopper: Actor = { role: 'user', id: 'user-1' };

const order = (facts: Partial<OrderFacts> = {}): OrderFacts => ({
  status: 'Order Placed',
  paymentType: 'COD',
  isPaid: false,
  assignedTo: null,
  userId: 'user-1',
  ...facts,
});
const mine = (facts: Partial<OrderFacts> = {}) => order({ assignedTo: 'agent-1', ...facts });

const ok: Decision = { ok: true };
const no = (reason: Refusal): Decision => ({ ok: false, reason });

describe('canAccept', () => {
  it.each([
    ['an agent takes an open unassigned COD order', order(), agent, ok],
    [
      'an agent takes a paid online order',
      order({ paymentType: 'Online', isPaid: true }),
      agent,
      ok,
    ],
    ['an agent retries accepting an order they already hold', mine(), agent, ok],
    ['the holder retries after the order was picked', mine({ status: 'Picked' }), agent, ok],
    ['another agent holds the order', mine(), otherAgent, no('already-assigned')],
    [
      'an unpaid online order is not yet released',
      order({ paymentType: 'Online' }),
      agent,
      no('not-open'),
    ],
    [
      'a delivered order is finished',
      mine({ status: 'Delivered', isPaid: true }),
      agent,
      no('not-open'),
    ],
    ['the seller does not deliver', order(), seller, no('not-allowed')],
    ['a shopper does not deliver', order(), shopper, no('not-allowed')],
  ])('%s', (_case, facts, actor, decision) => {
    expect(canAccept(facts, actor)).toEqual(decision);
  });
});

describe('canChangeStatus', () => {
  const cases: [string, OrderFacts, OrderStatus, Actor, Decision][] = [
    ['the assigned agent picks a placed order', mine(), 'Picked', agent, ok],
    [
      'the assigned agent delivers a paid picked order',
      mine({ status: 'Picked', isPaid: true }),
      'Delivered',
      agent,
      ok,
    ],
    [
      'an unpaid order cannot be delivered',
      mine({ status: 'Picked' }),
      'Delivered',
      agent,
      no('not-paid'),
    ],
    [
      'a khata order is delivered unpaid: it goes on the khata',
      mine({ status: 'Picked', paymentType: 'Khata' }),
      'Delivered',
      agent,
      ok,
    ],
    [
      'a placed order cannot skip picking',
      mine({ isPaid: true }),
      'Delivered',
      agent,
      no('wrong-transition'),
    ],
    [
      'a picked order cannot go back',
      mine({ status: 'Picked' }),
      'Order Placed',
      agent,
      no('wrong-transition'),
    ],
    [
      'a picked order cannot be picked again',
      mine({ status: 'Picked' }),
      'Picked',
      agent,
      no('wrong-transition'),
    ],
    [
      'a delivered order is final',
      mine({ status: 'Delivered', isPaid: true }),
      'Picked',
      agent,
      no('wrong-transition'),
    ],
    ['an agent cannot move an unassigned order', order(), 'Picked', agent, no('not-assigned')],
    [
      "an agent cannot move another agent's order",
      mine(),
      'Picked',
      otherAgent,
      no('not-assigned'),
    ],
  ];
  it.each(cases)('%s', (_case, facts, to, actor, decision) => {
    expect(canChangeStatus(facts, to, actor)).toEqual(decision);
  });

  it('lets the assigned agent make exactly the two forward moves of a paid order', () => {
    const allowed = new Set(['Order Placed→Picked', 'Picked→Delivered']);
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        const refusal = to === 'Cancelled' ? no('cannot-cancel') : no('wrong-transition');
        const expected = allowed.has(`${from}→${to}`) ? ok : refusal;
        expect(canChangeStatus(mine({ status: from, isPaid: true }), to, agent)).toEqual(expected);
      }
    }
  });

  it.each([seller, shopper])('refuses every delivery step to a %o', (actor) => {
    for (const from of ORDER_STATUSES) {
      for (const to of DELIVERY_STATUSES) {
        expect(canChangeStatus(mine({ status: from, isPaid: true }), to, actor)).toEqual(
          no('not-allowed'),
        );
      }
    }
  });
});

describe.each([
  ['canMarkPaid', canMarkPaid],
  ['canCollectOnline', canCollectOnline],
])('%s', (_name, decide) => {
  it.each([
    ['the assigned agent collects an unpaid COD order', mine(), agent, ok],
    ['the assigned agent collects after picking', mine({ status: 'Picked' }), agent, ok],
    ['a paid order is not paid twice', mine({ isPaid: true }), agent, no('already-paid')],
    [
      'an online order was paid at checkout',
      mine({ paymentType: 'Online', isPaid: true }),
      agent,
      no('not-cod'),
    ],
    [
      'a khata order is not collected: it goes on the khata',
      mine({ paymentType: 'Khata' }),
      agent,
      no('not-cod'),
    ],
    ['an unassigned order is not collected', order(), agent, no('not-assigned')],
    ["another agent's order is not collected", mine(), otherAgent, no('not-assigned')],
    ['the seller does not collect', mine(), seller, no('not-allowed')],
    ['a shopper does not collect', mine(), shopper, no('not-allowed')],
  ])('%s', (_case, facts, actor, decision) => {
    expect(decide(facts, actor)).toEqual(decision);
  });
});

describe('canTakeBack', () => {
  it.each([
    ['the seller takes back an order its agent has accepted', mine(), seller, ok],
    ['the seller takes back a picked order', mine({ status: 'Picked' }), seller, ok],
    [
      'the seller takes back a paid online order',
      mine({ paymentType: 'Online', isPaid: true }),
      seller,
      ok,
    ],
    ['nobody holds an open order', order(), seller, no('unassigned')],
    [
      'a delivered order stays with its agent',
      mine({ status: 'Delivered', isPaid: true }),
      seller,
      no('not-open'),
    ],
    ['a cancelled order is finished', mine({ status: 'Cancelled' }), seller, no('not-open')],
    ['the agent cannot give it back this way', mine(), agent, no('seller-only')],
    ['another agent cannot take it', mine(), otherAgent, no('seller-only')],
    ['a shopper cannot take it', mine(), shopper, no('seller-only')],
  ] as const)('%s', (_case, facts, actor, decision) => {
    expect(canTakeBack(facts, actor)).toEqual(decision);
  });
});

describe('canCancel', () => {
  const otherShopper: Actor = { role: 'user', id: 'user-2' };
  it.each([
    ['the shopper cancels a placed order', order(), shopper, ok],
    ['the shopper cancels an accepted order not yet picked', mine(), shopper, ok],
    [
      'the shopper cancels an online order awaiting payment',
      order({ paymentType: 'Online' }),
      shopper,
      ok,
    ],
    [
      'the shopper cannot cancel once it is picked',
      mine({ status: 'Picked' }),
      shopper,
      no('already-picked'),
    ],
    [
      'the shopper cannot cancel a delivered order',
      mine({ status: 'Delivered', isPaid: true }),
      shopper,
      no('already-delivered'),
    ],
    ["a shopper cannot cancel another's order", order(), otherShopper, no('cannot-cancel')],
    ['the seller cancels a placed order', order(), seller, ok],
    ['the seller cancels a picked order', mine({ status: 'Picked' }), seller, ok],
    [
      'the seller cannot cancel a delivered order',
      mine({ status: 'Delivered', isPaid: true }),
      seller,
      no('already-delivered'),
    ],
    ['nobody cancels twice', order({ status: 'Cancelled' }), seller, no('already-cancelled')],
    ['an agent does not cancel', mine(), agent, no('cannot-cancel')],
  ] as const)('%s', (_case, facts, actor, decision) => {
    expect(canCancel(facts, actor)).toEqual(decision);
    expect(canChangeStatus(facts, 'Cancelled', actor)).toEqual(decision);
  });
});

describe('canAssign', () => {
  it.each([
    ['the seller hands an open order to an agent', order(), seller, ok],
    ['a retried assignment to the same agent', mine(), seller, ok],
    [
      'a paid online order can be assigned',
      order({ paymentType: 'Online', isPaid: true }),
      seller,
      ok,
    ],
    [
      'another agent holds it: take it back first',
      mine({ assignedTo: 'agent-2' }),
      seller,
      no('already-assigned'),
    ],
    [
      'an unpaid online order is not released',
      order({ paymentType: 'Online' }),
      seller,
      no('not-open'),
    ],
    ['a cancelled order is finished', order({ status: 'Cancelled' }), seller, no('not-open')],
    [
      'a delivered order is finished',
      mine({ status: 'Delivered', isPaid: true }),
      seller,
      no('not-open'),
    ],
    ['an agent does not assign', order(), agent, no('seller-only')],
    ['a shopper does not assign', order(), shopper, no('seller-only')],
  ] as const)('%s', (_case, facts, actor, decision) => {
    expect(canAssign(facts, actor, 'agent-1')).toEqual(decision);
  });
});

describe('status display', () => {
  it.each([
    ['Order Placed', 'Picked', 'Pending', 0],
    ['Picked', 'Delivered', 'Picked', 1],
    ['Delivered', null, 'Delivered', 2],
  ] as const)('%s: next %s, badge %s, progress step %i', (status, next, badge, step) => {
    expect(nextStatus(status)).toBe(next);
    expect(shopperBadge({ status, assignedTo: status === 'Order Placed' ? null : 'agent-1' })).toBe(
      badge,
    );
    expect(progressIndex(status)).toBe(step);
  });

  it('an order an agent has taken but not picked says Accepted, its progress still Pending', () => {
    expect(shopperBadge({ status: 'Order Placed', assignedTo: 'agent-1' })).toBe('Accepted');
    expect(progressIndex('Order Placed')).toBe(0);
    expect(shopperBadge({ status: 'Cancelled', assignedTo: 'agent-1' })).toBe('Cancelled');
    expect(progressIndex('Cancelled')).toBe(-1);
  });
});

describe('isStatusMove', () => {
  it('allows the table’s moves, each only to its mover, and staying where an order is', () => {
    expect(isStatusMove('Order Placed', 'Picked', 'agent')).toBe(true);
    expect(isStatusMove('Picked', 'Order Placed', 'seller')).toBe(true);
    expect(isStatusMove('Order Placed', 'Cancelled', 'system')).toBe(true);
    expect(isStatusMove('Picked', 'Cancelled', 'system')).toBe(false);
    expect(isStatusMove('Picked', 'Order Placed', 'agent')).toBe(false);
    for (const status of ORDER_STATUSES) expect(isStatusMove(status, status, 'system')).toBe(true);
  });

  it('never moves a finished order on', () => {
    for (const to of ORDER_STATUSES) {
      for (const by of ['user', 'seller', 'agent', 'system'] as const) {
        if (to !== 'Delivered') expect(isStatusMove('Delivered', to, by)).toBe(false);
        if (to !== 'Cancelled') expect(isStatusMove('Cancelled', to, by)).toBe(false);
      }
    }
  });
});
