import type { AddressInput } from '@kirana/shared';
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../lib/errors.js';
import { UserSchema } from '../user/user.entity.js';
import { AddressSchema, type Address } from './address.entity.js';

/** More than any household needs; keeps one account from filling the table. */
export const MAX_ADDRESSES = 50;

/** The shopper's saved addresses, newest first. */
export async function listAddresses(em: EntityManager, userId: string): Promise<Address[]> {
  return em.find(AddressSchema, { user: userId }, { orderBy: { createdAt: 'desc', id: 'desc' } });
}

/**
 * Saves a new address for the shopper. The count and the insert share one transaction holding
 * the shopper's row FOR UPDATE, so concurrent adds take turns and none passes the cap.
 * @throws AppError CONFLICT when the shopper already has {@link MAX_ADDRESSES}.
 */
export async function addAddress(
  em: EntityManager,
  userId: string,
  input: AddressInput,
): Promise<Address> {
  return em.transactional(async (tx) => {
    await tx.findOne(
      UserSchema,
      { id: userId },
      { lockMode: LockMode.PESSIMISTIC_WRITE, fields: ['id'] },
    );
    if ((await tx.count(AddressSchema, { user: userId })) >= MAX_ADDRESSES) {
      throw new AppError('CONFLICT', `You can save at most ${MAX_ADDRESSES} addresses`);
    }
    return tx.create(AddressSchema, { ...input, user: userId });
  });
}

/**
 * Changes one of the shopper's own addresses. Orders keep the address they were placed with.
 * @throws AppError NOT_FOUND when the id is unknown or another shopper's.
 */
export async function updateAddress(
  em: EntityManager,
  userId: string,
  id: string,
  input: AddressInput,
): Promise<Address> {
  const address = await em.findOne(AddressSchema, { id, user: userId });
  if (!address) throw new AppError('NOT_FOUND', 'Address not found');
  em.assign(address, input);
  await em.flush();
  return address;
}
