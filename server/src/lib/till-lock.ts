import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';

/** The advisory lock's key ('till' in ASCII). */
const TILL_CASH = 0x74_69_6c_6c;

/**
 * The lock between closing or opening the till and cash handed over into its drawer (an agent's
 * handover): a handover holds it shared for its transaction, a close or an open alone. Each
 * handover is then written either before the close sums the day (and counted in it) or after
 * it, and a day opens after the last one closed (days never overlap, nor count one handover twice).
 */
export async function holdTillCash(tx: EntityManager, mode: 'shared' | 'alone'): Promise<void> {
  const lock = mode === 'shared' ? sql`pg_advisory_xact_lock_shared` : sql`pg_advisory_xact_lock`;
  await sql`select ${lock}(${TILL_CASH})`.execute(tx.getKysely());
}
