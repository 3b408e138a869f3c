import type { SellerLoginBody } from '@kirana/shared';
import type { EntityManager } from '@mikro-orm/postgresql';
import argon2 from 'argon2';
import { AppError } from '../../lib/errors.js';
import { SellerSchema, type Seller } from './seller.entity.js';

const DUMMY_HASH = argon2.hash('kirana-no-such-seller');

/**
 * The seller account these credentials belong to.
 * @throws AppError UNAUTHENTICATED, with one message whichever of the two is wrong.
 */
export async function authenticateSeller(
  em: EntityManager,
  input: SellerLoginBody,
): Promise<Seller> {
  const seller = await em.findOne(SellerSchema, { email: input.email });
  const valid = await argon2.verify(seller?.passwordHash ?? (await DUMMY_HASH), input.password);
  if (!seller || !valid) throw new AppError('UNAUTHENTICATED', 'Invalid email or password');
  return seller;
}
