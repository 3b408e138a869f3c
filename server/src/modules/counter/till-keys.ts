/**
 * The till's `Idempotency-Key`s (docs/counter.md#a-sale; lib/idempotency.ts): a sale or a return
 * keeps its key and fingerprint in its own row, unique for good, so a repeat answers that row.
 * Written with Kysely.
 */
import type { InferKyselyDB } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { AppError } from '../../lib/errors.js';
import type { KeyedRequest, KeyStore } from '../../lib/idempotency.js';
import type { CounterReturnSchema, CounterSaleSchema } from './counter.entity.js';

type KeyTables = InferKyselyDB<typeof CounterSaleSchema | typeof CounterReturnSchema>;

export const KEY_REUSED =
  'This Idempotency-Key was used with another request, which was done: send a new key for a new one';
const STILL_DOING = 'A request with this Idempotency-Key is still being done: send it again';

/**
 * The keys of the till's rows in `table`: claimed under an advisory lock on the key for the
 * transaction (a retry waits there for the first to commit), recorded in the row the work
 * writes (the claim is the key and fingerprint to write); a repeat answers that row's id.
 */
export function tillKeys(
  table: 'counter_sales' | 'counter_returns',
): KeyStore<KeyedRequest, string> {
  return {
    async claim(tx, request) {
      const db = tx.getKysely<KeyTables>();
      await sql`select pg_advisory_xact_lock(hashtextextended(${`${table}:${request.key}`}, 0))`.execute(
        db,
      );
      const earlier = await db
        .selectFrom(table)
        .select('id')
        .where('idempotency_key', '=', request.key)
        .executeTakeFirst();
      return earlier ? null : request;
    },
    async answer(em, request) {
      const earlier = await em
        .getKysely<KeyTables>()
        .selectFrom(table)
        .select(['id', 'fingerprint'])
        .where('idempotency_key', '=', request.key)
        .executeTakeFirst();
      if (!earlier) return null;
      if (earlier.fingerprint !== request.fingerprint)
        throw new AppError('IDEMPOTENCY_KEY_REUSED', KEY_REUSED);
      return earlier.id;
    },
    stillDoing: STILL_DOING,
  };
}
