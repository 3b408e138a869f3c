import type { LoginBody, RegisterBody } from '@kirana/shared';
import type { EntityManager } from '@mikro-orm/postgresql';
import argon2 from 'argon2';
import { AppError } from '../../lib/errors.js';
import { flushUnlessTaken } from '../../lib/flush-unless-taken.js';
import { UserSchema, type User } from './user.entity.js';

const EMAIL_TAKEN = 'An account with this email already exists';

/**
 * Creates a shopper account with an argon2id password hash.
 * @throws AppError CONFLICT when the email is already registered.
 */
export async function registerUser(em: EntityManager, input: RegisterBody): Promise<User> {
  if (await em.count(UserSchema, { email: input.email }))
    throw new AppError('CONFLICT', EMAIL_TAKEN);
  const user = em.create(UserSchema, {
    name: input.name,
    email: input.email,
    passwordHash: await argon2.hash(input.password),
    cartItems: {},
  });
  // Two sign-ups with one email at the same moment: the unique index decides.
  await flushUnlessTaken(em, EMAIL_TAKEN);
  return user;
}

// Verified against when the email is unknown, so both failures take as long (no account probing).
const DUMMY_HASH = argon2.hash('kirana-no-such-account');

/**
 * The shopper whose email and password these are.
 * @throws AppError UNAUTHENTICATED, with one message whichever of the two is wrong.
 */
export async function authenticateUser(em: EntityManager, input: LoginBody): Promise<User> {
  const user = await em.findOne(UserSchema, { email: input.email });
  const valid = await argon2.verify(user?.passwordHash ?? (await DUMMY_HASH), input.password);
  if (!user || !valid) throw new AppError('UNAUTHENTICATED', 'Invalid email or password');
  return user;
}

/** @throws AppError UNAUTHENTICATED when the account no longer exists. */
export async function getUser(em: EntityManager, id: string): Promise<User> {
  const user = await em.findOne(UserSchema, { id });
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please log in to continue');
  return user;
}
