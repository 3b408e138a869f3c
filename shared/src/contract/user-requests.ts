import * as z from 'zod/mini';
import { emailField, requestBody, requiredText } from './common.js';

/*
 * The shopper's register and login bodies, apart from the answers every page reads (user.ts): the
 * server checks them, so the storefront's first load carries none of these checks.
 */

const PASSWORD_MAX = 128;

/** `POST /api/user/register` */
export const registerBodySchema = requestBody({
  name: requiredText('name'),
  email: emailField(),
  password: z
    .string({ error: 'password is required' })
    .check(
      z.minLength(8, 'password must be at least 8 characters'),
      z.maxLength(PASSWORD_MAX, `password must be at most ${PASSWORD_MAX} characters`),
    ),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** `POST /api/user/login`: only presence is checked, so old passwords keep working. */
export const loginBodySchema = requestBody({
  email: requiredText('email', 254).check(z.toLowerCase()),
  password: z
    .string({ error: 'password is required' })
    .check(
      z.minLength(1, 'password is required'),
      z.maxLength(PASSWORD_MAX, `password must be at most ${PASSWORD_MAX} characters`),
    ),
});
export type LoginBody = z.infer<typeof loginBodySchema>;
