import * as z from 'zod/mini';
import { messageAnswerSchema } from './common.js';

/*
 * The cart as answers carry it (the user's saved cart). Its save body and that body's checks are
 * cart-requests.ts.
 */

/** A cart: product id → its quantity, pieces or grams (millilitres) of a loose product. */
export const cartItemsAnswerSchema = z.record(z.string(), z.number());
export type CartItems = z.infer<typeof cartItemsAnswerSchema>;

export const cartUpdateAnswerSchema = messageAnswerSchema;
export type CartUpdateAnswer = z.infer<typeof cartUpdateAnswerSchema>;
