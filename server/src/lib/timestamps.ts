import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * How to read the timestamps of a Kysely query run through `em`: MikroORM's pool answers them as
 * PostgreSQL writes them (text), which its platform reads; an answer already a Date stays one.
 */
export function timestampReader(em: EntityManager): (value: Date | string) => Date {
  const platform = em.getPlatform();
  return (value) => (typeof value === 'string' ? platform.parseDate(value) : value);
}
