import type { AddressInput } from '@kirana/shared';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../lib/errors.js';
import { AddressSchema, type Address } from './address.entity.js';

/** More than any household needs; keeps one account from filling the table. */
export const MAX_ADDRESSES = 50;

/** The shopper's saved addresses, newest first. */
export async function listAddresses(em: EntityManager, userId: string): Promise<Address[]> {
  return em.find(AddressSchema, { user: userId }, { orderBy: { createdAt: 'desc', id: 'desc' } });
}

/** @throws AppError conflict when the shopper already has {@link MAX_ADDRESSES}. */
export async function addAddress(
  em: EntityManager,
  userId: string,
  input: AddressInput,
): Promise<Address> {
  if ((await em.count(AddressSchema, { user: userId })) >= MAX_ADDRESSES) {
    throw new AppError('conflict', `You can save at most ${MAX_ADDRESSES} addresses`);
  }
  const address = em.create(AddressSchema, { ...input, user: userId });
  await em.flush();
  return address;
}

/**
 * Changes one of the shopper's own addresses. Orders keep the address they were placed with.
 * @throws AppError notFound when the id is unknown or another shopper's.
 */
export async function updateAddress(
  em: EntityManager,
  userId: string,
  id: string,
  input: AddressInput,
): Promise<Address> {
  const address = await em.findOne(AddressSchema, { id, user: userId });
  if (!address) throw new AppError('notFound', 'Address not found');
  em.assign(address, input);
  await em.flush();
  return address;
}
