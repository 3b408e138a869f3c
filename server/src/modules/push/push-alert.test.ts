import { describe, expect, it } from 'vitest';
import {
  alertTopic,
  BACKLOG_TAG,
  backlogAlert,
  newOrderAlert,
  type AlertedOrder,
} from './push-alert.js';

const order: AlertedOrder = {
  id: '019a8f3e-7c2b-7d11-9a4e-5b6c7fcac308',
  amountPaise: 28_900,
  items: [{ quantity: 2 }, { quantity: 1 }] as AlertedOrder['items'],
  address: { city: 'Bengaluru', zipcode: '560001' },
};

describe('the new-order alert', () => {
  it('names the order by its number and tells the amount, the item count and the area', () => {
    expect(newOrderAlert(order)).toEqual({
      title: 'New order #7FCAC308',
      body: '₹289.00 · 3 items · Bengaluru 560001',
      tag: order.id,
      url: `/agents?order=${order.id}`,
    });
  });

  it('says "1 item" for one', () => {
    const one = { ...order, items: [{ quantity: 1 }] as AlertedOrder['items'] };
    expect(newOrderAlert(one).body).toBe('₹289.00 · 1 item · Bengaluru 560001');
  });

  it('speaks Hindi to a phone whose app is in Hindi', () => {
    expect(newOrderAlert(order, 'hi')).toMatchObject({
      title: 'नया ऑर्डर #7FCAC308',
      body: '₹289.00 · 3 सामान · Bengaluru 560001',
    });
  });

  it("carries nothing of the shopper's but the area", () => {
    const withPerson = {
      ...order,
      address: { ...order.address, firstName: 'Asha', street: '12 MG Road', phone: '98450 12345' },
    };
    const text = JSON.stringify(newOrderAlert(withPerson));
    expect(text).not.toMatch(/Asha|MG Road|98450/);
  });

  it('leaves out an empty area', () => {
    const nowhere = { ...order, address: { city: ' ', zipcode: '' } };
    expect(newOrderAlert(nowhere).body).toBe('₹289.00 · 3 items');
  });

  it('gives each order a topic of 32 URL-safe characters', () => {
    expect(alertTopic(order.id)).toBe('019a8f3e7c2b7d119a4e5b6c7fcac308');
    expect(alertTopic(order.id)).toMatch(/^[\w-]{32}$/);
  });
});

describe('the backlog alert', () => {
  it('tells how many orders wait in one notification that replaces the last, opening the list', () => {
    expect(backlogAlert(37)).toEqual({
      title: '37 orders wait',
      body: 'No agent has accepted them yet',
      tag: BACKLOG_TAG,
      url: '/agents',
    });
    expect(backlogAlert(1)).toMatchObject({
      title: '1 order waits',
      body: 'No agent has accepted it yet',
    });
  });

  it('speaks Hindi to a phone whose app is in Hindi', () => {
    expect(backlogAlert(37, 'hi')).toMatchObject({
      title: '37 ऑर्डर इंतज़ार कर रहे हैं',
      body: 'अभी तक किसी एजेंट ने स्वीकार नहीं किया',
    });
    expect(backlogAlert(1, 'hi').title).toBe('1 ऑर्डर इंतज़ार कर रहा है');
  });
});
