import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Runs `work` in a transaction begun and ended by Kysely on the ORM's connection pool (rolled
 * back when `work` throws), without MikroORM's unit of work: no change sets computed, nothing
 * flushed, no events, which cost a hot path more CPU than a statement of its own (placing an
 * order: bench/orders.mjs). `work` gets an EntityManager bound to the transaction for the
 * functions that take one: it must write through its Kysely (`tx.getKysely()`) or native
 * statements, as nothing persisted on it is flushed. Reads through it are in the transaction.
 */
export function inPlainTransaction<T>(
  em: EntityManager,
  work: (tx: EntityManager) => Promise<T>,
): Promise<T> {
  return em
    .getKysely()
    .transaction()
    .execute((trx) => {
      const tx = em.fork();
      tx.setTransactionContext(trx);
      return work(tx);
    });
}
