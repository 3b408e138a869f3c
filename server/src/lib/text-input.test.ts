import { describe, expect, it } from 'vitest';
import { findNulCharacter } from './text-input.js';

describe('findNulCharacter', () => {
  it('names the path of the first string holding a NUL character', () => {
    expect(findNulCharacter({ address: { city: 'Pu\u0000ne' } })).toBe('address.city');
    expect(findNulCharacter({ items: [{ product: 'a' }, { product: '\u0000' }] })).toBe(
      'items.1.product',
    );
    expect(findNulCharacter('\u0000')).toBe('body');
  });

  it('finds nothing in clean values', () => {
    expect(findNulCharacter({ name: 'Asha', quantities: [1, 2], ok: true, none: null })).toBeNull();
  });
});
