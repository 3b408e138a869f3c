import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { addressInputSchema } from './address.js';
import { agentCreateBodySchema } from './agent.js';
import {
  idSchema,
  readableText,
  requestBody,
  requiredText,
  rupeesSchema,
  telHref,
  validationMessage,
} from './common.js';
import { productDataSchema } from './product-editing.js';
import { registerBodySchema } from './user-requests.js';

const messageOf = (schema: z.ZodMiniType, body: unknown) => {
  const result = schema.safeParse(body);
  return result.success ? undefined : validationMessage(result.error);
};

describe('validationMessage', () => {
  it('answers a message that names its field as it stands', () => {
    expect(messageOf(requestBody({ name: requiredText('name') }), {})).toBe('name is required');
  });

  it('puts the path in front of the bare predicates of idSchema and rupeesSchema', () => {
    const params = z.object({ id: idSchema, refund: z.object({ amount: rupeesSchema }) });
    expect(messageOf(params, { id: 'x', refund: { amount: 1 } })).toBe('id must be a valid id');
    expect(
      messageOf(params, { id: '01936f5e-8c1a-7b2e-9f00-3c4d5e6f7a80', refund: { amount: -1 } }),
    ).toBe('refund.amount must not be negative');
  });

  it('says what is wrong with a body that is no object', () => {
    expect(messageOf(requestBody({}), 'text')).toBe('request body must be a JSON object');
  });
});

describe('text people write', () => {
  const name = requestBody({ name: requiredText('name') });

  it.each([
    ['a right-to-left override', 'Asha\u202Egnp.exe'],
    ['a left-to-right embedding', '\u202AAsha'],
    ['a pop directional formatting', 'Asha\u202C'],
    ['a first-strong isolate', 'A\u2068sha\u2069'],
    ['a right-to-left mark', 'Asha\u200F'],
    ['an Arabic letter mark', '\u061CAsha'],
  ])('refuses %s, naming the field', (_case, text) => {
    expect(messageOf(name, { name: text })).toBe(
      'name must not contain text-direction control characters',
    );
  });

  it.each([
    ['a lone high surrogate', 'Asha\uD83D'],
    ['a lone low surrogate', '\uDE00Asha'],
    ['two halves the wrong way round', 'A\uDE00\uD83Dsha'],
  ])('refuses %s, naming the field', (_case, text) => {
    expect(messageOf(name, { name: text })).toBe(
      'name must be valid text: it holds half of a character (a lone surrogate)',
    );
  });

  it('takes every script, emoji and joiner people really type', () => {
    for (const text of ['आशा राव', 'عائشة', 'אשה', 'Zoë 😀', '👩🏽‍🍳 Chef', 'O’Brien-Rao']) {
      expect(messageOf(name, { name: text })).toBeUndefined();
    }
  });

  it('guards every name and text field of the contract', () => {
    const bidi = '\u202E';
    const address = {
      firstName: 'Asha',
      lastName: 'Rao',
      email: 'asha@example.com',
      street: '12 MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      zipcode: '560001',
      country: 'India',
      phone: '9845012345',
    };
    for (const field of ['firstName', 'lastName', 'street', 'city', 'state', 'country'] as const) {
      expect(messageOf(addressInputSchema, { ...address, [field]: `x${bidi}` })).toBe(
        `${field} must not contain text-direction control characters`,
      );
    }
    expect(
      messageOf(registerBodySchema, { name: `x${bidi}`, email: 'a@b.in', password: 'p4ssword!' }),
    ).toBe('name must not contain text-direction control characters');
    expect(messageOf(agentCreateBodySchema, { name: `x${bidi}`, phone: '9845012345' })).toBe(
      'name must not contain text-direction control characters',
    );
    const product = { name: 'Rice', category: 'Grains', price: 10, offerPrice: 9 };
    expect(messageOf(productDataSchema, { ...product, name: `x${bidi}` })).toBe(
      'name must not contain text-direction control characters',
    );
    expect(messageOf(productDataSchema, { ...product, description: `ok\nx${bidi}` })).toBe(
      'description must not contain text-direction control characters',
    );
    expect(messageOf(productDataSchema, { ...product, weight: `1${bidi} kg` })).toBe(
      'weight must not contain text-direction control characters',
    );
  });

  it('offers the same checks to text with rules of its own', () => {
    const reason = z.string().check(z.trim(), ...readableText('reason'));
    expect(messageOf(reason, 'late\u2066')).toBe(
      'reason must not contain text-direction control characters',
    );
  });
});

describe('a phone as a link', () => {
  it('dials an Indian number with +91, however it was written; a 1800 number as it is', () => {
    expect(telHref('98765 43210')).toBe('tel:+919876543210');
    expect(telHref('+91 98765-43210')).toBe('tel:+919876543210');
    expect(telHref('020 2612 3456')).toBe('tel:+912026123456');
    expect(telHref('1800 000 000')).toBe('tel:1800000000');
  });
});
