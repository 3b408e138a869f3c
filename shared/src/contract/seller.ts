import * as z from 'zod/mini';
import { messageAnswerSchema, requestBody, requiredText, successAnswerSchema } from './common.js';

/** `POST /api/seller/login` */
export const sellerLoginBodySchema = requestBody({
  email: requiredText('email', 254).check(z.toLowerCase()),
  password: z
    .string({ error: 'password is required' })
    .check(
      z.minLength(1, 'password is required'),
      z.maxLength(128, 'password must be at most 128 characters'),
    ),
});
export type SellerLoginBody = z.infer<typeof sellerLoginBodySchema>;

/** `POST /api/seller/login` and `GET /api/seller/logout` */
export const sellerSessionAnswerSchema = messageAnswerSchema;
export type SellerSessionAnswer = z.infer<typeof sellerSessionAnswerSchema>;

/** `GET /api/seller/is-auth` */
export const sellerAuthAnswerSchema = successAnswerSchema;
export type SellerAuthAnswer = z.infer<typeof sellerAuthAnswerSchema>;
