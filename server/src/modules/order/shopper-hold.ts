/**
 * Holding the shopper's row while their order is placed (docs/orders.md#what-one-shopper-may-hold),
 * in SQL: one shopper's placements take turns, so each counts the open orders the ones before
 * it placed (the shop's `maxOpenOrders`).
 */
import { CompiledQuery, type Kysely } from 'kysely';
import { named } from '../../lib/prepared-statement.js';

/**
 * Empties the shopper's saved cart (`$1`), which the order takes, and so holds their row until
 * the transaction ends: first thing in the placement's transaction (a `with` of the key's claim,
 * or on its own), so that what its next statement reads was committed by any placement before it.
 */
export const HOLD_SHOPPER = named(`update users set cart_items = '{}' where id = $1`);

/** Holds shopper `userId`'s row ({@link HOLD_SHOPPER}) on its own, for a placement without a key. */
export async function holdShopper(
  db: Pick<Kysely<object>, 'executeQuery'>,
  userId: string,
): Promise<void> {
  await db.executeQuery(CompiledQuery.raw(HOLD_SHOPPER, [userId]));
}
