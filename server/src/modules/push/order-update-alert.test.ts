import { describe, expect, it } from 'vitest';
import { orderUpdateAlert, type OrderUpdate } from './order-update-alert.js';

const orderId = '019a8f3e-7c2b-7d11-9a4e-5b6c7fcac308';
// 12:10 pm in Bengaluru.
const now = new Date('2026-11-27T06:40:00.000Z');
const update = (overrides: Partial<OrderUpdate>): OrderUpdate => ({
  orderId,
  kind: 'accepted',
  agentName: 'Meena',
  promisedAt: new Date('2026-11-27T07:10:00.000Z'),
  cancelReason: null,
  ...overrides,
});
const alertOf = (overrides: Partial<OrderUpdate>, timeZone = 'Asia/Kolkata') =>
  orderUpdateAlert(update(overrides), timeZone, now);

describe("a shopper's notification of their order's change", () => {
  it('names the agent bringing it and the promised time in the shop’s time zone; a tap opens My Orders', () => {
    expect(alertOf({})).toEqual({
      title: 'Meena is bringing your order',
      body: 'Arrives by 12:40 pm · Order #7FCAC308',
      tag: orderId,
      url: '/my-orders',
    });
    expect(alertOf({}, 'Asia/Dubai')?.body).toBe('Arrives by 11:10 am · Order #7FCAC308');
  });

  it('says the day of a promise not today, and leaves out one already past or unknown', () => {
    const tomorrow = new Date('2026-11-28T07:10:00.000Z');
    expect(alertOf({ promisedAt: tomorrow })?.body).toBe(
      'Arrives by 12:40 pm tomorrow · Order #7FCAC308',
    );
    expect(alertOf({ promisedAt: new Date('2026-11-27T06:30:00.000Z') })?.body).toBe(
      'Order #7FCAC308',
    );
    expect(alertOf({ kind: 'picked', promisedAt: null })?.body).toBe('Order #7FCAC308');
  });

  it('says nothing of an acceptance whose agent is no longer known', () => {
    expect(alertOf({ agentName: null })).toBeNull();
  });

  it('tells picked, delivered and cancelled in plain words', () => {
    expect(alertOf({ kind: 'picked' })).toMatchObject({
      title: 'Your order is on its way',
      body: 'Arrives by 12:40 pm · Order #7FCAC308',
    });
    expect(alertOf({ kind: 'delivered' })).toMatchObject({
      title: 'Delivered',
      body: 'Order #7FCAC308 · Thank you for shopping with us',
    });
    expect(alertOf({ kind: 'cancelled', cancelReason: 'payment not completed' })).toMatchObject({
      title: 'Your order was cancelled',
      body: 'Payment not completed · Order #7FCAC308',
    });
    expect(alertOf({ kind: 'cancelled', cancelReason: '  ' })?.body).toBe('Order #7FCAC308');
  });
});
