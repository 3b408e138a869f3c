import * as z from 'zod/mini';
import { MAX_ORDER_LINES } from '../limits.js';
import { lineQuantityField, requestBody, sentUserIdField } from './common.js';

/*
 * The cart's save body, apart from the cart as answers carry it (cart.ts, which every page reads
 * with the user): the server checks it, so the storefront's first load carries none of these
 * checks.
 */

/** A cart as sent: product id → its quantity, pieces or grams (millilitres) of a loose product. */
export const cartItemsSchema = z
  .record(z.uuid(), lineQuantityField('cartItems quantities'), {
    error: (issue) =>
      issue.code === 'invalid_key'
        ? 'cartItems keys must be product ids'
        : 'cartItems must be an object of product id to quantity',
  })
  .check(
    z.refine((items) => Object.keys(items).length <= MAX_ORDER_LINES, {
      error: `cartItems must hold at most ${MAX_ORDER_LINES} products`,
    }),
  );

/** `POST /api/cart/update`. The server ignores `userId` and updates the session's shopper. */
export const cartUpdateBodySchema = requestBody({
  userId: sentUserIdField,
  cartItems: cartItemsSchema,
});
export type CartUpdateBody = z.infer<typeof cartUpdateBodySchema>;
