import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RawBuilder } from 'kysely';

/**
 * The rows of `query` (a Kysely `sql` template), run as a named statement on the ORM's connection
 * pool: each connection has PostgreSQL parse and analyse the statement's text once, then sends
 * only its values (Kysely's statements are unnamed, parsed again at every call). PostgreSQL still
 * plans it for each call's values (custom plans) unless it finds a generic plan no dearer. For a
 * hot read whose text is long and whose values vary (the catalogue's search, bench/README.md).
 * The name is the text's hash: one text, one name, on every connection. It runs on a connection
 * of its own, so never inside a transaction.
 */
export async function preparedRows<Row>(em: EntityManager, query: RawBuilder<Row>): Promise<Row[]> {
  const { sql: text, parameters } = query.compile(em.getKysely());
  const name = `kirana_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
  const pool = await em.getConnection().getNativeClient();
  const { rows } = await pool.query<Row & object>({ name, text, values: [...parameters] });
  return rows;
}
