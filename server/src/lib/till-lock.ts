import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';

/** The advisory lock's key ('till' in ASCII). */
const TILL_CASH = 0x74_69_6c_6c;

/**
 * The lock between closing or opening the till and cash handed over into its drawer (an agent's
 * handover): a handover holds it shared for its transaction, a close or an open alone. Each
 * handover is then written either before the close sums the day (and counted in it) or after
 * it, and a day opens after the last one closed (days never overlap, nor count one handover twice).
 *
 * Answers the moment the caller records (a handover, a day's opening or close), read from the
 * database's clock so that every server instance keeps one time, in milliseconds as the times are
 * read back. A handover's is the millisecond it is in; a close's or an opening's the next one,
 * and the lock is held until that has begun: a handover before it is always earlier, and one
 * after it never earlier, though both fall within one millisecond.
 */
export async function holdTillCash(tx: EntityManager, mode: 'shared' | 'alone'): Promise<Date> {
  const db = tx.getKysely();
  const lock = mode === 'shared' ? sql`pg_advisory_xact_lock_shared` : sql`pg_advisory_xact_lock`;
  await sql`select ${lock}(${TILL_CASH})`.execute(db);
  const step = mode === 'shared' ? sql`interval '0'` : sql`interval '1 millisecond'`;
  const { now } = await db
    .selectNoFrom(
      sql<Date | string>`date_trunc('milliseconds', clock_timestamp()) + ${step}`.as('now'),
    )
    .executeTakeFirstOrThrow();
  // Held into the moment answered, so that no handover after this transaction is earlier.
  if (mode === 'alone') await sql`select pg_sleep(0.001)`.execute(db);
  return new Date(now);
}
