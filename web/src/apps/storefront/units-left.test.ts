import { describe, expect, it } from 'vitest';
import { canAddOne, fewLeftText } from './units-left';

describe('units left', () => {
  it('lets one more in while units are left, always when they are not counted', () => {
    expect(canAddOne({ stockCount: null }, 40)).toBe(true);
    expect(canAddOne({ stockCount: 2 }, 1)).toBe(true);
    expect(canAddOne({ stockCount: 2 }, 2)).toBe(false);
  });

  it('says how few are left when fewer than the dropdown offers', () => {
    expect(fewLeftText({ stockCount: 1 })).toBe('Only 1 left');
    expect(fewLeftText({ stockCount: 8 })).toBe('Only 8 left');
    expect(fewLeftText({ stockCount: 9 })).toBeNull();
    expect(fewLeftText({ stockCount: null })).toBeNull();
    expect(fewLeftText({ stockCount: 0 })).toBeNull();
  });
});
