import { z } from 'zod';
import { messageAnswerSchema, requestBody, requiredText, successAnswerSchema } from './common.js';

/** `POST /api/seller/login` */
export const sellerLoginBodySchema = requestBody({
  email: requiredText('email', 254).toLowerCase(),
  password: z
    .string({ error: 'password is required' })
    .min(1, 'password is required')
    .max(128, 'password must be at most 128 characters'),
});
export type SellerLoginBody = z.infer<typeof sellerLoginBodySchema>;

/** `POST /api/seller/login` and `GET /api/seller/logout` */
export const sellerSessionAnswerSchema = messageAnswerSchema;
export type SellerSessionAnswer = z.infer<typeof sellerSessionAnswerSchema>;

/** `GET /api/seller/is-auth` */
export const sellerAuthAnswerSchema = successAnswerSchema;
export type SellerAuthAnswer = z.infer<typeof sellerAuthAnswerSchema>;
