import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { openBackup } from './backup-archive.js';
import { readFingerprints, TABLES_SQL, type TableFingerprints } from './fingerprints.js';
import { restoreSql } from './restore-sql.js';

/** Where a restore writes: the embedded database of `dataDir`, or the server at `databaseUrl`. */
export interface RestoreTarget {
  dataDir: string;
  databaseUrl: string | undefined;
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

/**
 * Puts the backup `file` into an empty target: its database (checked to hold every table's rows
 * exactly as the backup says), its pictures into DATA_DIR/uploads and its keys into DATA_DIR.
 * @throws RestoreRefusedError when the target holds data already, or the file is no backup.
 */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<Restored> {
  const backup = await openBackup(file).catch((error: Error) => {
    throw new RestoreRefusedError(error.message);
  });
  try {
    const uploads = path.join(target.dataDir, 'uploads');
    if (await hasFiles(uploads))
      throw new RestoreRefusedError(
        `${uploads} holds pictures already: restore into an empty DATA_DIR`,
      );
    const tables = target.databaseUrl
      ? await restoreIntoServer(backup.sql, target.databaseUrl, backup.manifest.tables)
      : await restoreIntoEmbedded(backup.sql, target.dataDir, backup.manifest.tables);
    await mkdir(uploads, { recursive: true });
    const pictures = await backup.extractPictures(uploads);
    await backup.extractKeys(target.dataDir);
    return {
      tables: Object.keys(tables).length,
      rows: Object.values(tables).reduce((sum, table) => sum + table.rows, 0),
      pictures,
    };
  } finally {
    backup.close();
  }
}

async function hasFiles(dir: string): Promise<boolean> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return names.length > 0;
}

/** Reads the restored tables and throws unless they hold what the backup holds. */
async function checkTables(
  query: (sql: string) => Promise<Record<string, unknown>[]>,
  expected: TableFingerprints,
): Promise<TableFingerprints> {
  const tables = await readFingerprints(query);
  const differs = Object.keys({ ...tables, ...expected }).find(
    (table) =>
      tables[table]?.rows !== expected[table]?.rows || tables[table]?.md5 !== expected[table]?.md5,
  );
  if (differs !== undefined)
    throw new Error(`restored, table ${differs} would not hold what the backup holds: undone`);
  return tables;
}

async function restoreIntoEmbedded(
  sql: string,
  dataDir: string,
  expected: TableFingerprints,
): Promise<TableFingerprints> {
  const dir = path.join(dataDir, 'pg');
  if (await hasFiles(dir))
    throw new RestoreRefusedError(
      `${dir} holds a database already: restore into an empty DATA_DIR (or stop, and move that one aside)`,
    );
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const db = await PGlite.create(dir, { extensions: { pg_trgm } });
  const query = async (text: string) => (await db.query<Record<string, unknown>>(text)).rows;
  let tables: TableFingerprints = {};
  try {
    await restoreSql(
      sql,
      (statement) => db.exec(statement),
      async () => {
        tables = await checkTables(query, expected);
      },
    );
    return tables;
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
  expected: TableFingerprints,
): Promise<TableFingerprints> {
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
    let tables: TableFingerprints = {};
    await restoreSql(
      sql,
      (statement) => client.query(statement),
      async () => {
        tables = await checkTables(async (text) => (await client.query(text)).rows, expected);
      },
    );
    return tables;
  } finally {
    await client.end();
  }
}
