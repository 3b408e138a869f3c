import type { CartItems } from '@kirana/shared';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../lib/errors.js';
import { ProductSchema } from '../product/product.entity.js';
import { assertOnlineQuantity } from '../product/take-for-sale.js';
import type { User } from '../user/user.entity.js';

/**
 * Replaces the shopper's saved cart. Out-of-stock products may stay in a cart; ordering refuses
 * them. Each quantity is one an order may hold: pieces from 1 to 999, a loose product's weight
 * one of its steps.
 * @throws AppError INVALID naming the first product id that does not exist, or a quantity its
 * product's unit does not take; NOT_A_STEP for a weight that is not one of its steps.
 */
export async function saveCart(em: EntityManager, user: User, cartItems: CartItems): Promise<void> {
  const ids = Object.keys(cartItems);
  const known = new Map(
    (
      await em.find(
        ProductSchema,
        { id: { $in: ids } },
        { fields: ['id', 'name', 'unit', 'steps'] },
      )
    ).map((product) => [product.id, product]),
  );
  for (const [id, quantity] of Object.entries(cartItems)) {
    const product = known.get(id);
    if (!product) throw new AppError('INVALID', `cartItems: no product with id ${id}`);
    assertOnlineQuantity({ ...product, steps: product.steps ?? null }, quantity, 'cartItems');
  }
  user.cartItems = cartItems;
  await em.flush();
}
