import type * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { addressAddBodySchema } from './address.js';
import { validationMessage } from './common.js';

const messageOf = (schema: z.ZodMiniType, body: unknown) => {
  const result = schema.safeParse(body);
  return result.success ? undefined : validationMessage(result.error);
};

describe('address body', () => {
  const address = {
    firstName: 'Asha',
    lastName: 'Rao',
    email: 'asha@example.com',
    street: '12 MG Road',
    city: 'Bengaluru',
    state: 'Karnataka',
    zipcode: '560001',
    country: 'India',
    phone: '+91 98450-12345',
  };

  it('accepts a full address and stores the phone without spaces and dashes', () => {
    expect(addressAddBodySchema.parse({ address }).address.phone).toBe('+919845012345');
  });

  it.each([
    ['a missing first name', { firstName: undefined }, 'firstName is required'],
    ['a blank city', { city: '  ' }, 'city is required'],
    ['a zipcode with letters', { zipcode: '56A001' }, 'zipcode must be 4 to 10 digits'],
    ['a three-digit zipcode', { zipcode: '560' }, 'zipcode must be 4 to 10 digits'],
    [
      'a short phone',
      { phone: '12345' },
      'phone must be 7 to 15 digits, optionally starting with +',
    ],
    ['a malformed email', { email: 'asha' }, 'email must be a valid email address'],
  ])('names the field on %s', (_case, change, message) => {
    expect(messageOf(addressAddBodySchema, { address: { ...address, ...change } })).toBe(message);
  });
});
