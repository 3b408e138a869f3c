import type * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { cartUpdateBodySchema } from './cart-requests.js';
import { validationMessage } from './common.js';

const PRODUCT_ID = '01936f5e-8c1a-7b2e-9f00-3c4d5e6f7a80';

const messageOf = (schema: z.ZodMiniType, body: unknown) => {
  const result = schema.safeParse(body);
  return result.success ? undefined : validationMessage(result.error);
};

// Pieces or grams: the request does not say which; the server checks by the product's unit.
const QUANTITY_EXPECTED =
  'cartItems quantities must be a whole number: pieces from 1 to 999, grams or millilitres from 1 to 1000000';

describe('cart update body', () => {
  it('accepts a map of product id to quantity, with a userId the server ignores', () => {
    expect(
      cartUpdateBodySchema.parse({ userId: 'anyone', cartItems: { [PRODUCT_ID]: 3 } }),
    ).toEqual({
      userId: 'anyone',
      cartItems: { [PRODUCT_ID]: 3 },
    });
  });

  it.each([
    ['a zero quantity', { [PRODUCT_ID]: 0 }, QUANTITY_EXPECTED],
    ['a fractional quantity', { [PRODUCT_ID]: 1.5 }, QUANTITY_EXPECTED],
    ['a quantity over a tonne of grams', { [PRODUCT_ID]: 1_000_001 }, QUANTITY_EXPECTED],
    ['a key that is no product id', { apple: 1 }, 'cartItems keys must be product ids'],
    ['a list instead of a map', [1], 'cartItems must be an object of product id to quantity'],
  ])('refuses %s', (_case, cartItems, message) => {
    expect(messageOf(cartUpdateBodySchema, { cartItems })).toBe(message);
  });
});
