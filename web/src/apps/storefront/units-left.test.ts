import { describe, expect, it } from 'vitest';
import { canAddOne, mostInCart, nextQuantity, previousQuantity } from './units-left';
import { fewLeftText, mostPerOrderText } from './units-left-notes';

const piece = (stockCount: number | null) => ({ unit: 'piece' as const, steps: null, stockCount });
const dal = (stockCount: number | null) => ({
  unit: 'kg' as const,
  steps: [250, 500, 1000],
  stockCount,
});

describe('units left', () => {
  it('lets one more in while units are left, always when they are not counted', () => {
    expect(canAddOne(piece(null), 40)).toBe(true);
    expect(canAddOne(piece(2), 1)).toBe(true);
    expect(canAddOne(piece(2), 2)).toBe(false);
  });

  it('lets one more in only below the shop’s most per order, and says so once it is reached', () => {
    expect(mostInCart({ stockCount: null }, 20)).toBe(20);
    expect(mostInCart({ stockCount: 7 }, 20)).toBe(7);
    expect(mostInCart({ stockCount: 50 }, 20)).toBe(20);
    // The shop not known yet: the units left alone, or the most any line may hold.
    expect(mostInCart({ stockCount: 50 })).toBe(50);
    expect(mostInCart({ stockCount: null })).toBe(999);
    expect(canAddOne(piece(null), 19, 20)).toBe(true);
    expect(canAddOne(piece(null), 20, 20)).toBe(false);
    expect(canAddOne(piece(100), 20, 20)).toBe(false);
    expect(mostPerOrderText(19, 20)).toBeNull();
    expect(mostPerOrderText(20, 20)).toBe('At most 20 per order');
    expect(mostPerOrderText(25, 20)).toBe('At most 20 per order');
    expect(mostPerOrderText(25, undefined)).toBeNull();
  });

  it('moves a loose product through its steps, in grams, bounded by its stock and the shop’s most per order in kilos', () => {
    expect(nextQuantity(dal(null), 0)).toBe(250);
    expect(nextQuantity(dal(null), 500)).toBe(1000);
    expect(nextQuantity(dal(null), 1000)).toBeNull();
    expect(previousQuantity(dal(null), 1000)).toBe(500);
    expect(previousQuantity(dal(null), 250)).toBe(0);
    expect(nextQuantity(piece(null), 3)).toBe(4);
    expect(previousQuantity(piece(null), 1)).toBe(0);
    expect(canAddOne(dal(null), 500, 20)).toBe(true);
    expect(canAddOne(dal(800), 250)).toBe(true);
    expect(canAddOne(dal(800), 500)).toBe(false);
    expect(canAddOne(dal(null), 1000)).toBe(false);
    expect(mostInCart(dal(5000), 20)).toBe(5000);
    expect(mostInCart(dal(null), 2)).toBe(2000);
    expect(mostInCart(dal(null))).toBe(1_000_000);
    expect(canAddOne({ ...dal(null), steps: [500, 1000, 2000] }, 1000, 1)).toBe(false);
    expect(mostPerOrderText(500, 20, 'kg')).toBeNull();
  });

  it('says how little of a loose product is left, in grams, below its largest step', () => {
    expect(fewLeftText(dal(800))).toBe('Only 800 g left');
    expect(fewLeftText(dal(1000))).toBeNull();
    expect(fewLeftText({ ...dal(1500), unit: 'L', steps: [500, 2000] })).toBe('Only 1.5 L left');
  });

  it('says how few are left when fewer than the dropdown offers', () => {
    expect(fewLeftText({ stockCount: 1 })).toBe('Only 1 left');
    expect(fewLeftText({ stockCount: 8 })).toBe('Only 8 left');
    expect(fewLeftText({ stockCount: 9 })).toBeNull();
    expect(fewLeftText({ stockCount: null })).toBeNull();
    expect(fewLeftText({ stockCount: 0 })).toBeNull();
  });
});
