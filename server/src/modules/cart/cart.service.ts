import type { CartItems } from '@kirana/shared';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../lib/errors.js';
import { ProductSchema } from '../product/product.entity.js';
import type { User } from '../user/user.entity.js';

/**
 * Replaces the shopper's saved cart. Out-of-stock products may stay in a cart; ordering refuses them.
 * @throws AppError INVALID naming the first product id that does not exist.
 */
export async function saveCart(em: EntityManager, user: User, cartItems: CartItems): Promise<void> {
  const ids = Object.keys(cartItems);
  const known = new Set(
    (await em.find(ProductSchema, { id: { $in: ids } }, { fields: ['id'] })).map(
      (product) => product.id,
    ),
  );
  const unknown = ids.find((id) => !known.has(id));
  if (unknown) throw new AppError('INVALID', `cartItems: no product with id ${unknown}`);
  user.cartItems = cartItems;
  await em.flush();
}
