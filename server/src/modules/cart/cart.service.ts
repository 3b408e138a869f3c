import { lineQuantityProblem, type CartItems } from '@kirana/shared';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../lib/errors.js';
import { ProductSchema } from '../product/product.entity.js';
import type { User } from '../user/user.entity.js';

/**
 * Replaces the shopper's saved cart. Out-of-stock products may stay in a cart, and so may a
 * weight that is not (or no longer: the seller changed them) one of a loose product's steps:
 * ordering refuses them, naming the line, while the rest of the cart still saves. Each quantity
 * is one a line may hold: pieces from 1 to 999, grams up to 1,000,000.
 * @throws AppError INVALID naming the first product id that does not exist, or a quantity its
 * product's unit does not take.
 */
export async function saveCart(em: EntityManager, user: User, cartItems: CartItems): Promise<void> {
  const ids = Object.keys(cartItems);
  const known = new Map(
    (await em.find(ProductSchema, { id: { $in: ids } }, { fields: ['id', 'name', 'unit'] })).map(
      (product) => [product.id, product],
    ),
  );
  for (const [id, quantity] of Object.entries(cartItems)) {
    const product = known.get(id);
    if (!product) throw new AppError('INVALID', `cartItems: no product with id ${id}`);
    const problem = lineQuantityProblem(quantity, product.unit);
    if (problem) throw new AppError('INVALID', `cartItems: ${product.name}: ${problem}`);
  }
  user.cartItems = cartItems;
  await em.flush();
}
