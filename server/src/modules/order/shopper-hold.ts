/**
 * Holding the shopper's row while their order is placed (docs/orders.md#what-one-shopper-may-hold),
 * in Kysely: one shopper's placements take turns, so each counts the open orders the ones before
 * it placed (the shop's `maxOpenOrders`).
 */
import type { InferKyselyDB } from '@mikro-orm/postgresql';
import type { QueryCreator } from 'kysely';
import type { UserSchema } from '../user/user.entity.js';

type UserTables = InferKyselyDB<typeof UserSchema>;

/**
 * Empties the shopper's saved cart, which the order takes, and so holds their row until the
 * transaction ends: first thing in the placement's transaction (a `with` of the key's claim, or
 * on its own), so that what its next statement reads was committed by any placement before it.
 */
export function holdShopper<DB extends UserTables>(db: QueryCreator<DB>, userId: string) {
  return (db as unknown as QueryCreator<UserTables>)
    .updateTable('users')
    .set({ cart_items: {} })
    .where('id', '=', userId);
}
