import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RawBuilder } from 'kysely';

/**
 * The rows of `query` (a Kysely `sql` template), run as a named statement with one plan for all
 * its values, on a connection of the ORM's pool: each connection has PostgreSQL parse, analyse
 * and plan the statement's text once, then sends only its values. Kysely's statements are
 * unnamed and so parsed and planned again at every call, which cost a search of a new text more
 * than its execution (bench/README.md). For a hot read with a long text whose plan does not
 * depend on its values: each of its lookups has one index that serves it (PostgreSQL picks a
 * plan for each call's values otherwise, and never chose the generic one for search). The name
 * is the text's hash: one text, one name, on every connection. It runs in a transaction of its
 * own, so never inside another.
 */
export async function preparedRows<Row>(em: EntityManager, query: RawBuilder<Row>): Promise<Row[]> {
  const { sql: text, parameters } = query.compile(em.getKysely());
  const name = `kirana_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
  const client = await (await em.getConnection().getNativeClient()).connect();
  try {
    // One plan for every value, for this statement alone (a setting of the transaction).
    await client.query('begin; set local plan_cache_mode = force_generic_plan');
    const { rows } = await client.query<Row & object>({ name, text, values: [...parameters] });
    await client.query('commit');
    client.release();
    return rows;
  } catch (error) {
    // Left in a failed transaction, the connection is closed rather than lent out again.
    client.release(true);
    throw error;
  }
}
