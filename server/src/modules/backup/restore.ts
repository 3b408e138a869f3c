import { mkdir, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { makeWorkFolder, openBackup, type OpenedBackup } from './backup-archive.js';
import { allowedStatements, compareWithSchema, inspectDump } from './dump-check.js';
import { differingTable, readFingerprints, TABLES_SQL } from './fingerprints.js';
import {
  compareOutlines,
  kiranaSchema,
  readOutline,
  type KiranaMigrations,
  type KiranaSchema,
} from './kirana-schema.js';
import {
  dumpStatements,
  restoreSql,
  RestoreRefusedError,
  type DumpStatement,
} from './restore-sql.js';

export { RestoreRefusedError };

/** Where a restore writes: the embedded database of `dataDir`, or the server at `databaseUrl`. */
export interface RestoreTarget {
  dataDir: string;
  databaseUrl: string | undefined;
  /** The key files a backup may put into DATA_DIR (config.ts DATA_DIR_KEYS). */
  keys: readonly string[];
  /** Kirana's migrations, whose schema a backup must have (db/migrations-up-to.ts). */
  migrations: KiranaMigrations;
}

export interface Restored {
  tables: number;
  rows: number;
  pictures: number;
}

type Query = (sql: string) => Promise<Record<string, unknown>[]>;

/**
 * Puts the backup `file` into an empty target: its database, its pictures into DATA_DIR/uploads
 * and its keys into DATA_DIR. First the whole dump is read and checked without running any of
 * it: only the statements that a dump of Kirana's schema holds (dump-check.ts), its schema
 * statements exactly those that Kirana's migrations make (kirana-schema.ts). Then it is played
 * in one transaction, where the tables are checked to hold every row as the backup says and the
 * schema's objects to be Kirana's, no function or trigger more; the database, pictures and keys
 * are made in a folder of their own (DATA_DIR/.backup-work) and moved into DATA_DIR once it has
 * committed. On any failure DATA_DIR and the database are left as they were.
 * @throws RestoreRefusedError when the target holds data already, or the file is no backup of
 *   a Kirana shop.
 */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<Restored> {
  const backup = await openBackup(file).catch((error: Error) => {
    throw new RestoreRefusedError(error.message);
  });
  try {
    await refuseUnlessEmptyFolders(target);
    if (target.databaseUrl) await refuseUnlessEmpty(target.databaseUrl);
    const unknownKey = backup.keys.find((key) => !target.keys.includes(key));
    if (unknownKey !== undefined)
      throw new RestoreRefusedError(`${file} holds a key this Kirana has not: keys/${unknownKey}`);
    const contents = await inspectDump(dumpStatements(await backup.openSql()));
    const schema = await kiranaSchema(contents.migrations, target.migrations);
    compareWithSchema(contents, schema);
    return await restoreChecked(backup, schema, target);
  } finally {
    backup.close();
  }
}

async function restoreChecked(
  backup: OpenedBackup,
  schema: KiranaSchema,
  target: RestoreTarget,
): Promise<Restored> {
  const dataDirExisted = await stat(target.dataDir).then(
    () => true,
    () => false,
  );
  const work = await makeWorkFolder(target.dataDir);
  let restored: Restored | undefined;
  try {
    const finish = async (query: Query, before: string[]) => {
      const tables = await readFingerprints(query);
      const differs = differingTable(tables, backup.manifest.tables);
      if (differs !== undefined)
        throw new Error(`restored, table ${differs} would not hold what the backup holds: undone`);
      compareOutlines(await readOutline(query), before, schema);
      await refuseUnlessEmptyFolders(target);
      await mkdir(path.join(work, 'uploads'));
      await mkdir(path.join(work, 'keys'));
      const pictures = await backup.extractPictures(path.join(work, 'uploads'));
      await backup.extractKeys(path.join(work, 'keys'));
      restored = {
        tables: Object.keys(tables).length,
        rows: Object.values(tables).reduce((sum, table) => sum + table.rows, 0),
        pictures,
      };
    };
    const statements = allowedStatements(dumpStatements(await backup.openSql()), schema);
    if (target.databaseUrl) await restoreIntoServer(statements, target.databaseUrl, finish);
    else await restoreIntoEmbedded(statements, path.join(work, 'pg'), finish);
    if (!restored) throw new Error('the restore did not finish');
    // The embedded database and the pictures first, the keys last (the folders' targets were
    // checked empty just before the commit); when a move fails, those before it are undone,
    // and with the work folder removed DATA_DIR is as it was, ready for another try.
    const folder = (name: string) => ({
      from: path.join(work, name),
      to: path.join(target.dataDir, name),
      folder: true,
    });
    const keys = (await readdir(path.join(work, 'keys'))).map((key) => ({
      from: path.join(work, 'keys', key),
      to: path.join(target.dataDir, key),
      folder: false,
    }));
    await moveAll([
      ...(target.databaseUrl ? [] : [folder('pg')]),
      folder('uploads'),
      ...keys,
    ]).catch((error: Error) => {
      if (!target.databaseUrl) throw error;
      throw new Error(
        `the database at DATABASE_URL is restored, but the pictures and keys could not be put into ${target.dataDir} (${error.message}): empty that database, and restore again`,
      );
    });
    return restored;
  } finally {
    await rm(work, { recursive: true, force: true });
    // DATA_DIR/.backup-work, and DATA_DIR itself after a failure, when this restore made them.
    await rmdir(path.dirname(work)).catch(() => {});
    if (!restored && !dataDirExisted) await rmdir(target.dataDir).catch(() => {});
  }
}

/**
 * Refuses a DATA_DIR whose pictures' folder, or (for the embedded database) database folder,
 * holds anything: before the restore, and again before its commit, where the restore moves them.
 */
async function refuseUnlessEmptyFolders(target: RestoreTarget): Promise<void> {
  const uploads = path.join(target.dataDir, 'uploads');
  if (await hasFiles(uploads))
    throw new RestoreRefusedError(
      `${uploads} holds pictures already: restore into an empty DATA_DIR`,
    );
  const database = path.join(target.dataDir, 'pg');
  if (!target.databaseUrl && (await hasFiles(database)))
    throw new RestoreRefusedError(
      `${database} holds a database already: restore into an empty DATA_DIR (or stop, and move that one aside)`,
    );
}

/**
 * Renames each of `moves` in turn (a folder's target empty or absent, a key's replaced); when
 * one fails, renames back those done, so that DATA_DIR is as it was, and throws.
 */
async function moveAll(moves: { from: string; to: string; folder: boolean }[]): Promise<void> {
  const done: { from: string; to: string }[] = [];
  try {
    for (const move of moves) {
      if (move.folder)
        await rmdir(move.to).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error;
        });
      await rename(move.from, move.to);
      done.push(move);
    }
  } catch (error) {
    for (const move of done.reverse()) await rename(move.to, move.from);
    throw error;
  }
}

async function hasFiles(dir: string): Promise<boolean> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return names.length > 0;
}

async function restoreIntoEmbedded(
  statements: AsyncIterable<DumpStatement>,
  dir: string,
  finish: (query: Query, before: string[]) => Promise<void>,
): Promise<void> {
  await mkdir(dir, { mode: 0o700 });
  const db = await PGlite.create(dir, { extensions: { pg_trgm } });
  try {
    const query: Query = async (sql) => (await db.query<Record<string, unknown>>(sql)).rows;
    const before = await readOutline(query);
    await restoreSql(
      statements,
      (statement) => db.exec(statement),
      () => finish(query, before),
    );
  } finally {
    await db.close();
  }
}

async function refuseUnlessEmpty(url: string): Promise<void> {
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
  } finally {
    await client.end();
  }
}

async function restoreIntoServer(
  statements: AsyncIterable<DumpStatement>,
  url: string,
  finish: (query: Query, before: string[]) => Promise<void>,
): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const query: Query = async (sql) => (await client.query(sql)).rows;
    const before = await readOutline(query);
    await restoreSql(
      statements,
      (statement) => client.query(statement),
      () => finish(query, before),
    );
  } finally {
    await client.end();
  }
}
