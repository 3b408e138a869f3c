import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { openBackup, type OpenedBackup } from './backup-archive.js';
import { differingTable, readFingerprints, TABLES_SQL } from './fingerprints.js';
import { restoreSql } from './restore-sql.js';

/** Where a restore writes: the embedded database of `dataDir`, or the server at `databaseUrl`. */
export interface RestoreTarget {
  dataDir: string;
  databaseUrl: string | undefined;
  /** The key files a backup may put into DATA_DIR (config.ts DATA_DIR_KEYS). */
  keys: readonly string[];
}

export interface Restored {
  tables: number;
  rows: number;
  pictures: number;
}

/** A restore refused before anything was written, with the reason for the operator. */
export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError';
}

type Query = (sql: string) => Promise<Record<string, unknown>[]>;

/**
 * Puts the backup `file` into an empty target: its database, its pictures into DATA_DIR/uploads
 * and its keys into DATA_DIR. All in the database's transaction: the tables are checked to hold
 * every row exactly as the backup says and the files written before it commits, and on any
 * failure the target is left as empty as it was. The file's SQL is run as it is: restore only
 * backups of your own shop.
 * @throws RestoreRefusedError when the target holds data already, or the file is no backup.
 */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<Restored> {
  const backup = await openBackup(file).catch((error: Error) => {
    throw new RestoreRefusedError(error.message);
  });
  const uploads = path.join(target.dataDir, 'uploads');
  try {
    if (await hasFiles(uploads))
      throw new RestoreRefusedError(
        `${uploads} holds pictures already: restore into an empty DATA_DIR`,
      );
    let restored: Restored | undefined;
    const finish = async (query: Query) => {
      const tables = await readFingerprints(query);
      const differs = differingTable(tables, backup.manifest.tables);
      if (differs !== undefined)
        throw new Error(`restored, table ${differs} would not hold what the backup holds: undone`);
      restored = {
        tables: Object.keys(tables).length,
        rows: Object.values(tables).reduce((sum, table) => sum + table.rows, 0),
        pictures: await extractFiles(backup, target, uploads),
      };
    };
    if (target.databaseUrl) await restoreIntoServer(backup.sql, target.databaseUrl, finish);
    else await restoreIntoEmbedded(backup.sql, target.dataDir, finish);
    if (!restored) throw new Error('the restore did not finish');
    return restored;
  } catch (error) {
    if (!(error instanceof RestoreRefusedError))
      await rm(uploads, { recursive: true, force: true });
    throw error;
  } finally {
    backup.close();
  }
}

async function extractFiles(
  backup: OpenedBackup,
  target: RestoreTarget,
  uploads: string,
): Promise<number> {
  await mkdir(uploads, { recursive: true });
  const pictures = await backup.extractPictures(uploads);
  await backup.extractKeys(target.dataDir, target.keys);
  return pictures;
}

async function hasFiles(dir: string): Promise<boolean> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return names.length > 0;
}

async function restoreIntoEmbedded(
  sql: string,
  dataDir: string,
  finish: (query: Query) => Promise<void>,
): Promise<void> {
  const dir = path.join(dataDir, 'pg');
  if (await hasFiles(dir))
    throw new RestoreRefusedError(
      `${dir} holds a database already: restore into an empty DATA_DIR (or stop, and move that one aside)`,
    );
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const db = await PGlite.create(dir, { extensions: { pg_trgm } });
  try {
    await restoreSql(
      sql,
      (statement) => db.exec(statement),
      () => finish(async (query) => (await db.query<Record<string, unknown>>(query)).rows),
    );
  } catch (error) {
    // The folder was empty: it is left so, for the next try.
    await db.close();
    await rm(dir, { recursive: true, force: true });
    throw error;
  } finally {
    if (!db.closed) await db.close();
  }
}

async function restoreIntoServer(
  sql: string,
  url: string,
  finish: (query: Query) => Promise<void>,
): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ tablename: string }>(TABLES_SQL);
    if (rows.length > 0)
      throw new RestoreRefusedError(
        `the database at DATABASE_URL holds ${rows.length} tables already (${rows
          .slice(0, 3)
          .map((row) => row.tablename)
          .join(', ')}…): restore into an empty database`,
      );
    await restoreSql(
      sql,
      (statement) => client.query(statement),
      () => finish(async (query) => (await client.query(query)).rows),
    );
  } finally {
    await client.end();
  }
}
