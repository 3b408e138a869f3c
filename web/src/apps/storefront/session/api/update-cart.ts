import { cartUpdateAnswerSchema, type CartItems, type CartUpdateAnswer } from '@kirana/shared';
import { api } from '../../../../lib/api-client';

/** `POST /api/cart/update`: saves the logged-in shopper's whole cart. Throws `ApiError`. */
export function updateCart(cartItems: CartItems): Promise<CartUpdateAnswer> {
  return api.post('/api/cart/update', cartUpdateAnswerSchema, { body: { cartItems } });
}
