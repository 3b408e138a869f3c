import * as z from 'zod/mini';
import { cartItemsSchema } from './cart.js';
import { emailField, messageAnswerSchema, requestBody, requiredText } from './common.js';

/** A shopper as the API answers it. */
export const userSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  cartItems: cartItemsSchema,
});
export type User = z.infer<typeof userSchema>;

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

/** `POST /api/user/login` and `/api/user/register` */
export const userLoginAnswerSchema = z.extend(messageAnswerSchema, { user: userSchema });
export type UserLoginAnswer = z.infer<typeof userLoginAnswerSchema>;

/** `GET /api/user/is-auth` */
export const userAuthAnswerSchema = z.object({ success: z.literal(true), user: userSchema });
export type UserAuthAnswer = z.infer<typeof userAuthAnswerSchema>;

/** `GET /api/user/logout` */
export const userLogoutAnswerSchema = messageAnswerSchema;
export type UserLogoutAnswer = z.infer<typeof userLogoutAnswerSchema>;
