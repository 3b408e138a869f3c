/**
 * The khata's `Idempotency-Key`s (docs/khata.md#payments; lib/idempotency.ts): a payment or an
 * adjustment the seller records keeps its key and fingerprint in its own entry, unique for good,
 * so a repeat answers that entry. Written with Kysely.
 */
import { sql } from 'kysely';
import { AppError } from '../../lib/errors.js';
import type { KeyedRequest, KeyStore } from '../../lib/idempotency.js';
import type { KhataTables } from './khata.entity.js';

const KEY_REUSED =
  'This Idempotency-Key was used with another request, which was done: send a new key for a new one';
const STILL_DOING = 'A request with this Idempotency-Key is still being done: send it again';

/**
 * Claimed under an advisory lock on the key for the transaction (a retry waits there for the
 * first to commit), recorded in the entry the work writes; a repeat answers that entry's id.
 */
export const khataKeys: KeyStore<KeyedRequest, string> = {
  async claim(tx, request) {
    const db = tx.getKysely<KhataTables>();
    await sql`select pg_advisory_xact_lock(hashtextextended(${`khata_entries:${request.key}`}, 0))`.execute(
      db,
    );
    const earlier = await db
      .selectFrom('khata_entries')
      .select('id')
      .where('idempotency_key', '=', request.key)
      .executeTakeFirst();
    return earlier ? null : request;
  },
  async answer(em, request) {
    const earlier = await em
      .getKysely<KhataTables>()
      .selectFrom('khata_entries')
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
