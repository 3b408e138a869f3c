import { describe, expect, it } from 'vitest';
import { canAddOne, fewLeftText, mostInCart, mostPerOrderText } from './units-left';

describe('units left', () => {
  it('lets one more in while units are left, always when they are not counted', () => {
    expect(canAddOne({ stockCount: null }, 40)).toBe(true);
    expect(canAddOne({ stockCount: 2 }, 1)).toBe(true);
    expect(canAddOne({ stockCount: 2 }, 2)).toBe(false);
  });

  it('lets one more in only below the shop’s most per order, and says so once it is reached', () => {
    expect(mostInCart({ stockCount: null }, 20)).toBe(20);
    expect(mostInCart({ stockCount: 7 }, 20)).toBe(7);
    expect(mostInCart({ stockCount: 50 }, 20)).toBe(20);
    // The shop not known yet: the units left alone, or the most any line may hold.
    expect(mostInCart({ stockCount: 50 })).toBe(50);
    expect(mostInCart({ stockCount: null })).toBe(999);
    expect(canAddOne({ stockCount: null }, 19, 20)).toBe(true);
    expect(canAddOne({ stockCount: null }, 20, 20)).toBe(false);
    expect(canAddOne({ stockCount: 100 }, 20, 20)).toBe(false);
    expect(mostPerOrderText(19, 20)).toBeNull();
    expect(mostPerOrderText(20, 20)).toBe('At most 20 per order');
    expect(mostPerOrderText(25, 20)).toBe('At most 20 per order');
    expect(mostPerOrderText(25, undefined)).toBeNull();
  });

  it('says how few are left when fewer than the dropdown offers', () => {
    expect(fewLeftText({ stockCount: 1 })).toBe('Only 1 left');
    expect(fewLeftText({ stockCount: 8 })).toBe('Only 8 left');
    expect(fewLeftText({ stockCount: 9 })).toBeNull();
    expect(fewLeftText({ stockCount: null })).toBeNull();
    expect(fewLeftText({ stockCount: 0 })).toBeNull();
  });
});
