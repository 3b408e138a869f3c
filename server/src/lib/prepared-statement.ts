import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RawBuilder } from 'kysely';
import pg from 'pg';

/** A statement's name: its text's hash, so one text has one name on every connection. */
function nameOf(text: string): string {
  return `kirana_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
}

/** The texts {@link named} registered, with their names. */
const names = new Map<string, string>();

/**
 * `text`, sent from now on as a named statement by the ORM pool's clients ({@link NamingClient}):
 * each connection has PostgreSQL parse and analyse it once, and plan it once it has run a few
 * times (a plan for all values, when that costs no more than planning each call's), then sends
 * only its values. For the fixed texts of a hot path (placing an order: planning each of its
 * statements anew cost PostgreSQL more CPU than running them, bench/orders.mjs), whose
 * lookups are by key, so one plan serves every value. Texts built per call stay unnamed: every
 * name a connection keeps holds memory in its PostgreSQL session.
 */
export function named(text: string): string {
  names.set(text, nameOf(text));
  return text;
}

/**
 * The client of the ORM's pool (db/orm.ts): a text {@link named} registered goes as its named
 * statement, any other as pg sends it (unnamed: parsed and planned at every call). Kysely's
 * driver sends every statement as `query(text, values)`.
 */
export class NamingClient extends pg.Client {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pg's query has a dozen overloads, passed through
  override query(config: any, values?: any, callback?: any): any {
    const name =
      typeof config === 'string' && Array.isArray(values) ? names.get(config) : undefined;
    if (name === undefined) return super.query(config, values, callback);
    return super.query({ name, text: config, values }, callback);
  }
}

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
  const name = nameOf(text);
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
