import { describe, expect, it } from 'vitest';
import { linkedOrderId, withoutOrderParam } from './linked-order';

const ID = '019a8f3e-7c2b-7d11-9a4e-5b6c7fcac308';

describe('a link to one order', () => {
  it('names the order of ?order=<id>', () => {
    expect(linkedOrderId(`?order=${ID}`)).toBe(ID);
    expect(linkedOrderId(`?lang=hi&order=${ID.toUpperCase()}`)).toBe(ID.toUpperCase());
  });

  it('ignores a missing parameter or anything but an id', () => {
    expect(linkedOrderId('')).toBeNull();
    expect(linkedOrderId('?order=')).toBeNull();
    expect(linkedOrderId('?order=7FCAC308')).toBeNull();
    expect(linkedOrderId('?order=%3Cscript%3E')).toBeNull();
  });

  it('is followed once: the address loses the parameter and keeps the rest', () => {
    expect(withoutOrderParam('/agents', `?order=${ID}`)).toBe('/agents');
    expect(withoutOrderParam('/agents', `?order=${ID}&x=1`, '#top')).toBe('/agents?x=1#top');
  });
});
