import type * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.js';
import { idempotencyKeySchema, placeOrderBodySchema } from './order.js';
import { validationMessage } from './common.js';

const PRODUCT_ID = '01936f5e-8c1a-7b2e-9f00-3c4d5e6f7a80';
const ADDRESS_ID = '01936f5e-8c1a-7b2e-9f00-3c4d5e6f7a81';

const messageOf = (schema: z.ZodMiniType, body: unknown) => {
  const result = schema.safeParse(body);
  return result.success ? undefined : validationMessage(result.error);
};

describe('order placement body', () => {
  const valid = { items: [{ product: PRODUCT_ID, quantity: 2 }], address: ADDRESS_ID };

  it('accepts items and an address id', () => {
    expect(placeOrderBodySchema.parse(valid)).toEqual(valid);
  });

  it.each([
    ['no address', { ...valid, address: undefined }, MESSAGES.selectAddress],
    ['an empty address', { ...valid, address: '' }, MESSAGES.selectAddress],
    ['an address that is no id', { ...valid, address: 'home' }, 'address must be a valid id'],
    ['no items', { ...valid, items: [] }, 'items must list 1 to 100 products'],
    [
      'too many items',
      { ...valid, items: Array.from({ length: 101 }, () => valid.items[0]) },
      'items must list 1 to 100 products',
    ],
    [
      'a product that is no id',
      { ...valid, items: [{ product: 'x', quantity: 1 }] },
      'product must be a valid id',
    ],
    [
      // Up to 999 pieces or a tonne of grams: which, the server knows by the product.
      'a quantity over a tonne of grams',
      { ...valid, items: [{ product: PRODUCT_ID, quantity: 1_000_001 }] },
      'quantity must be a whole number: pieces from 1 to 999, grams or millilitres from 1 to 1000000',
    ],
  ])('refuses %s', (_case, body, message) => {
    expect(messageOf(placeOrderBodySchema, body)).toBe(message);
  });
});

describe('Idempotency-Key', () => {
  const MALFORMED = 'Idempotency-Key must be 1 to 255 printable ASCII characters';

  it.each([['a'], ['9f8e7d6c5b4a39281706f5e4d3c2b1a0'], ['with spaces ~!'], ['k'.repeat(255)]])(
    'takes %j',
    (key) => {
      expect(idempotencyKeySchema.parse(key)).toBe(key);
    },
  );

  it.each([
    ['empty', ''],
    ['longer than 255', 'k'.repeat(256)],
    ['not ASCII', 'clé'],
    ['a control character', 'a\u0000b'],
    ['a list of values', ['a', 'b']],
  ])('refuses one that is %s, naming the header', (_case, key) => {
    expect(messageOf(idempotencyKeySchema, key)).toBe(MALFORMED);
  });
});
