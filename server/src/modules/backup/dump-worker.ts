// Runs in a worker thread (dump.ts): dumping and checking a copy of the embedded
// database is seconds of WebAssembly that would otherwise stop the shop's requests meanwhile.
import { createReadStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import { differingTable, readFingerprints, type TableFingerprints } from './fingerprints.js';
import { dumpStatements, restoreSql } from './restore-sql.js';

export interface DumpRequest {
  /** A copy of the embedded database's data folder, this worker's to change. */
  copy: string;
  /** Where the dump goes. */
  sqlFile: string;
}

export interface DumpAnswer {
  tables: TableFingerprints;
}

const { copy, sqlFile } = workerData as DumpRequest;
const db = await PGlite.create(copy, { extensions: { pg_trgm } });
const query = async (sql: string) => (await db.query<Record<string, unknown>>(sql)).rows;
const tables = await readFingerprints(query);
const dump = await pgDump({
  pg: db,
  args: ['--no-owner', '--no-privileges', '--rows-per-insert=500'],
});
await writeFile(sqlFile, dump.stream());
// pg_dump shares this session, and leaves its read-only transaction open on it.
await db.exec('rollback');

// The dump is played into the copy, emptied, and must give the same rows: a dump that lost
// anything on the way (pglite-tools drops every line starting with `\restrict`, data included)
// fails here instead of passing for a backup. The same instance: a second database in this
// worker would double its memory.
await db.exec('drop schema public cascade; create schema public');
await restoreSql(dumpStatements(createReadStream(sqlFile)), (statement) =>
  db.exec(statement),
).catch((error: Error) => {
  throw new Error(`the dump does not play back (${error.message}): no backup written`);
});
const restored = await readFingerprints(query);
await db.close();
const differs = differingTable(tables, restored);
if (differs !== undefined)
  throw new Error(`the dump does not give back table ${differs} as it is: no backup written`);
parentPort?.postMessage({ tables } satisfies DumpAnswer);
