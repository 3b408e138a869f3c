import type { OrderEvent } from '@kirana/shared';
import { describe, expect, it } from 'vitest';
import { actorText, changeText } from './order-history';

const event = (change: Partial<OrderEvent>): OrderEvent => ({
  type: 'status',
  by: { role: 'agent', _id: '0190a5b2-7c3e-7a10-b000-000000000001', name: 'Ravi' },
  fromStatus: 'Order Placed',
  toStatus: 'Picked',
  note: null,
  at: '2026-11-24T10:00:00.000Z',
  ...change,
});

describe('an order history line', () => {
  it('names who did it by role, and by name when known', () => {
    expect(actorText(event({}))).toBe('Agent Ravi');
    expect(actorText(event({ by: { role: 'seller', _id: null, name: null } }))).toBe('Seller');
    expect(actorText(event({ by: { role: 'system', _id: null, name: null } }))).toBe('Kirana');
  });

  it('says what changed: a status from and to, or what was done, with its note', () => {
    expect(changeText(event({}))).toBe('Order Placed → Picked');
    expect(changeText(event({ type: 'placed', fromStatus: null, toStatus: 'Order Placed' }))).toBe(
      'placed the order',
    );
    expect(changeText(event({ type: 'released', note: 'agent fell ill' }))).toBe(
      'took the order back from its agent (agent fell ill)',
    );
  });

  it('tells cash taken at the door from a payment online', () => {
    expect(changeText(event({ type: 'paid', note: 'cash' }))).toBe(
      'collected the cash at the door',
    );
    expect(changeText(event({ type: 'paid', note: 'online (checkout, via callback)' }))).toBe(
      'paid online (checkout, via callback)',
    );
    expect(changeText(event({ type: 'paid', note: null }))).toBe('paid online');
  });
});
