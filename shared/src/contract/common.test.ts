import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { idSchema, requestBody, requiredText, rupeesSchema, validationMessage } from './common.js';

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
