import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Runs `work` in a transaction begun and ended by Kysely on the ORM's connection pool (rolled
 * back when `work` throws), without MikroORM's unit of work: no change sets computed, nothing
 * flushed, no events, which cost a hot path more CPU than a statement of its own (placing an
 * order: bench/orders.mjs). `work` gets `em` itself bound to the transaction while it runs (not a
 * fork of it, which cost the order more CPU than its statement's text), so `em` must not be used
 * meanwhile by anything else: a request's own. It must write through its Kysely
 * (`tx.getKysely()`) or native statements, as nothing persisted on it is flushed. Reads through it
 * are in the transaction.
 */
export function inPlainTransaction<T>(
  em: EntityManager,
  work: (tx: EntityManager) => Promise<T>,
): Promise<T> {
  return em
    .getKysely()
    .transaction()
    .execute(async (trx) => {
      const outside = em.getTransactionContext();
      em.setTransactionContext(trx);
      try {
        return await work(em);
      } finally {
        em.setTransactionContext(outside);
      }
    });
}
