import type * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { loginBodySchema, registerBodySchema } from './user-requests.js';
import { validationMessage } from './common.js';

const messageOf = (schema: z.ZodMiniType, body: unknown) => {
  const result = schema.safeParse(body);
  return result.success ? undefined : validationMessage(result.error);
};

describe('register and login bodies', () => {
  const valid = { name: ' Asha ', email: ' Asha@Example.com ', password: 'correct horse' };

  it('trims the name and lower-cases the email', () => {
    expect(registerBodySchema.parse(valid)).toEqual({
      name: 'Asha',
      email: 'asha@example.com',
      password: 'correct horse',
    });
  });

  it.each([
    ['a missing name', { ...valid, name: undefined }, 'name is required'],
    ['a blank name', { ...valid, name: '   ' }, 'name is required'],
    ['a missing email', { ...valid, email: undefined }, 'email is required'],
    ['a malformed email', { ...valid, email: 'asha@' }, 'email must be a valid email address'],
    ['a short password', { ...valid, password: 'short' }, 'password must be at least 8 characters'],
    ['a missing password', { ...valid, password: undefined }, 'password is required'],
    ['no body at all', undefined, 'request body must be a JSON object'],
  ])('register names the field on %s', (_case, body, message) => {
    expect(messageOf(registerBodySchema, body)).toBe(message);
  });

  it('login only requires email and password to be present', () => {
    expect(loginBodySchema.safeParse({ email: 'old-style', password: 'x' }).success).toBe(true);
    expect(messageOf(loginBodySchema, { email: 'a@b.co', password: '' })).toBe(
      'password is required',
    );
    expect(messageOf(loginBodySchema, { password: 'x' })).toBe('email is required');
  });
});
