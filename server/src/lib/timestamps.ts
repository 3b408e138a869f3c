import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * How to read the timestamps of a Kysely query run through `em`: MikroORM's pool answers them as
 * PostgreSQL writes them (text), which its platform reads; an answer already a Date stays one.
 */
export function timestampReader(em: EntityManager): (value: Date | string) => Date {
  const platform = em.getPlatform();
  return (value) => (typeof value === 'string' ? platform.parseDate(value) : value);
}

/**
 * A timestamp as a statement's parameter in SQL text: ISO 8601 in UTC, which pg sends as it is
 * (a Date it formats in local time, field by field: a hot path's statements feel it).
 */
export const timestampParameter = (time: Date | null): string | null => time?.toISOString() ?? null;
