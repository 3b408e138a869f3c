import * as z from 'zod/mini';
import { cartItemsAnswerSchema } from './cart.js';
import { messageAnswerSchema } from './common.js';

/** A shopper as the API answers it. */
export const userSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  cartItems: cartItemsAnswerSchema,
});
export type User = z.infer<typeof userSchema>;

/** `POST /api/user/login` and `/api/user/register` */
export const userLoginAnswerSchema = z.extend(messageAnswerSchema, { user: userSchema });
export type UserLoginAnswer = z.infer<typeof userLoginAnswerSchema>;

/** `GET /api/user/is-auth` */
export const userAuthAnswerSchema = z.object({ success: z.literal(true), user: userSchema });
export type UserAuthAnswer = z.infer<typeof userAuthAnswerSchema>;

/** `GET /api/user/logout` */
export const userLogoutAnswerSchema = messageAnswerSchema;
export type UserLogoutAnswer = z.infer<typeof userLogoutAnswerSchema>;
