import { fileURLToPath } from 'node:url';
import { MikroORM, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { entities } from './entities.js';
import { migrations } from './migrations/index.js';
import { NamingClient } from '../lib/prepared-statement.js';
import { redact } from '../lib/redact.js';

export interface DatabaseOptions {
  url: string;
  /** The embedded database is one session: it gets one connection (see the pool below). */
  embedded: boolean;
  debug?: boolean;
  /**
   * Runs before migrations change a database that holds a shop already (not a new one), with
   * the names of the migrations about to run: the backup before a migration.
   */
  beforeMigrating?: (pending: string[]) => Promise<void>;
}

export function ormOptions({ url, embedded, debug = false }: DatabaseOptions): Options {
  return {
    clientUrl: url,
    entities,
    extensions: [Migrator],
    migrations: {
      migrationsList: migrations,
      path: fileURLToPath(new URL('./migrations', import.meta.url)),
      emit: 'ts',
      snapshot: false,
      silent: true,
    },
    // PGlite is one PostgreSQL session. pglite-socket shares it among several connections, but
    // not safely: under load their statements interleave and its queue hangs for good
    // (electric-sql/pglite#1046; 20 orders at once did it here). One connection queues the
    // work in the pool instead, where it belongs.
    pool: embedded ? { min: 0, max: 1 } : { min: 0, max: 10 },
    // The hot paths' fixed texts go as named statements (lib/prepared-statement.ts `named`).
    driverOptions: { Client: NamingClient },
    // Every entity is registered explicitly; no folder discovery, so dist/ and src/ behave alike.
    discovery: { warnWhenNoEntities: true },
    ensureDatabase: false,
    allowGlobalContext: false,
    debug,
  };
}

/** Thrown when the database cannot be reached at start-up; its message is one line for the operator. */
export class DatabaseUnreachableError extends Error {
  override name = 'DatabaseUnreachableError';
}

/**
 * Connects and brings the schema up to date with the versioned migrations (after
 * `beforeMigrating`, when there are any to run on an existing shop).
 * @throws DatabaseUnreachableError when the server does not answer.
 */
export async function openDatabase(options: DatabaseOptions): Promise<MikroORM> {
  const orm = await MikroORM.init(ormOptions(options));
  await orm.connect();
  if (options.embedded) {
    // PGlite is one session, and it outlives each connection to it: a new one (after the pool
    // closed an idle one) starts by dropping the named statements of the last
    // (lib/prepared-statement.ts), or naming one again would fail. A connection that fails this
    // fails its next statement too, which reports it.
    const pool = await orm.em.getConnection().getNativeClient();
    pool.on('connect', (client) => void client.query('deallocate all').catch(() => undefined));
  }
  const check = await orm.checkConnection();
  if (!check.ok) {
    await orm.close(true);
    throw new DatabaseUnreachableError(
      `Cannot connect to the database at ${redact(options.url)}: ${check.reason}`,
    );
  }
  try {
    if (options.beforeMigrating) {
      const pending = await orm.migrator.getPending();
      if (pending.length > 0 && (await orm.migrator.getExecuted()).length > 0)
        await options.beforeMigrating(pending.map((migration) => migration.name));
    }
    await orm.migrator.up();
  } catch (error) {
    await orm.close(true);
    throw error;
  }
  return orm;
}
