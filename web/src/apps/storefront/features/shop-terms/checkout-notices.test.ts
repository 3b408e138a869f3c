import { describe, expect, it } from 'vitest';
import { aShop } from '../../../../test/shop';
import { checkoutNotices, mostPerLineNotices } from './checkout-notices';

const open = aShop();
const now = new Date('2026-11-27T06:00:00Z');

describe('what the cart says before an order', () => {
  it('nothing for the spec’s shop, or before the shop is known', () => {
    expect(checkoutNotices(open, 10_000, undefined, now)).toEqual([]);
    expect(checkoutNotices(undefined, 10_000, undefined, now)).toEqual([]);
  });

  it('closed, not delivered there, under the minimum: each stops the order, in the server’s words', () => {
    const shop = { ...open, open: false, opensAt: '2026-11-28T01:30:00Z', minimumOrder: 199 };
    const area = {
      success: true as const,
      serviceable: false,
      message: "We don't deliver to 560001 yet — we deliver to 411001",
    };
    expect(checkoutNotices(shop, 19_800, area, now)).toEqual([
      { text: 'Closed now — opens at 7:00 am tomorrow', blocks: true },
      { text: "We don't deliver to 560001 yet — we deliver to 411001", blocks: true },
      { text: 'The minimum order is Rs 199.00: add Rs 1.00 more', blocks: true },
    ]);
  });

  it('how much more makes delivery free, without stopping the order', () => {
    const shop = { ...open, deliveryFee: 25, freeDeliveryAbove: 199 };
    expect(checkoutNotices(shop, 15_000, undefined, now)).toEqual([
      { text: 'Add Rs 49.00 more for free delivery', blocks: false },
    ]);
    expect(checkoutNotices(shop, 19_900, undefined, now)).toEqual([]);
  });

  it('a line over the shop’s most per order stops the order, naming the product, in the server’s words', () => {
    const lines = [
      { product: { name: 'Soap' }, quantity: 6 },
      { product: { name: 'Tea' }, quantity: 5 },
    ];
    expect(mostPerLineNotices({ ...open, maxPerLine: 5 }, lines)).toEqual([
      { text: 'At most 5 of Soap can be in one order', blocks: true },
    ]);
    expect(mostPerLineNotices(open, lines)).toEqual([]);
    expect(mostPerLineNotices(undefined, lines)).toEqual([]);
  });

  it('a loose line counts the most per order in kilos (litres), as the server does', () => {
    const lines = [
      { product: { name: 'Toor Dal', unit: 'kg' as const }, quantity: 5000 },
      { product: { name: 'Oil', unit: 'L' as const }, quantity: 6000 },
    ];
    expect(mostPerLineNotices({ ...open, maxPerLine: 5 }, lines)).toEqual([
      { text: 'At most 5 L of Oil can be in one order', blocks: true },
    ]);
  });
});
