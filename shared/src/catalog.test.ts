import { describe, expect, it } from 'vitest';
import { categoryByPath, categoryHref, productHref } from './catalog.js';

describe('storefront URLs', () => {
  it('puts a category in lower case', () => {
    expect(categoryHref({ path: 'Fruits' })).toBe('/products/fruits');
  });

  it('puts the category in lower case before the product id', () => {
    expect(productHref({ _id: 'abc', category: 'Fruits' })).toBe('/products/fruits/abc');
  });

  it('finds a category by its URL whatever its case', () => {
    expect(categoryByPath('fRuItS')?.path).toBe('Fruits');
    expect(categoryByPath('nothing-here')).toBeUndefined();
  });
});
