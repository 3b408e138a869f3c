import type * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.js';
import { agentCreateBodySchema, agentLoginBodySchema, agentPairBodySchema } from './agent.js';
import { validationMessage } from './common.js';

const messageOf = (schema: z.ZodMiniType, body: unknown) => {
  const result = schema.safeParse(body);
  return result.success ? undefined : validationMessage(result.error);
};

describe('agent bodies', () => {
  it.each([
    ['a missing phone', {}],
    ['a blank phone', { phone: '  ' }],
  ])("answers 'Phone number required' on login with %s", (_case, body) => {
    expect(messageOf(agentLoginBodySchema, body)).toBe(MESSAGES.phoneRequired);
  });

  it('normalizes the login phone like a stored one', () => {
    expect(agentLoginBodySchema.parse({ phone: ' 98450 12345 ' })).toEqual({ phone: '9845012345' });
  });

  it.each([
    ['a missing name', { phone: '9845012345' }],
    ['a blank name', { name: ' ', phone: '9845012345' }],
    ['a missing phone', { name: 'Ravi' }],
  ])("answers 'All fields required' on create with %s", (_case, body) => {
    expect(messageOf(agentCreateBodySchema, body)).toBe(MESSAGES.allFieldsRequired);
  });

  it('refuses to create an agent with a malformed phone', () => {
    expect(messageOf(agentCreateBodySchema, { name: 'Ravi', phone: 'call me' })).toBe(
      'phone must be 7 to 15 digits, optionally starting with +',
    );
  });

  it.each([
    ['a missing code', {}, MESSAGES.inviteCodeRequired],
    ['a blank code', { code: ' ' }, MESSAGES.inviteCodeRequired],
    ['a short code', { code: 'abc' }, MESSAGES.inviteCodeMalformed],
    ['a code with other characters', { code: `${'a'.repeat(23)}/` }, MESSAGES.inviteCodeMalformed],
  ])('refuses to pair with %s, saying to open the shop’s link', (_case, body, message) => {
    expect(messageOf(agentPairBodySchema, body)).toBe(message);
  });

  it('takes an invite code as the link carries it, trimmed', () => {
    const code = 'Ab-_0123456789abcdefghij';
    expect(agentPairBodySchema.parse({ code: ` ${code}\n` })).toEqual({ code });
  });
});
