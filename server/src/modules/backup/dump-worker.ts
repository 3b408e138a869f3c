// Runs in a worker thread (dump.ts): dumping and checking a copy of the embedded
// database is seconds of WebAssembly that would otherwise stop the shop's requests meanwhile.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import { differingTable, readFingerprints, type TableFingerprints } from './fingerprints.js';
import { restoreSql } from './restore-sql.js';

export interface DumpRequest {
  /** The embedded database's data folder, as PGlite's dumpDataDir gives it (a tarball). */
  dataDir: Blob;
}

export interface DumpAnswer {
  sql: string;
  tables: TableFingerprints;
}

const { dataDir } = workerData as DumpRequest;
const extensions = { pg_trgm };
const queryOf = (db: PGlite) => async (sql: string) =>
  (await db.query<Record<string, unknown>>(sql)).rows;

const copy = await PGlite.create({ loadDataDir: dataDir, extensions });
const tables = await readFingerprints(queryOf(copy));
const sql = await (await pgDump({ pg: copy, args: ['--no-owner', '--no-privileges'] })).text();
await copy.close();

// The dump is played into an empty database and must give the same rows: a dump that lost
// anything on the way (pglite-tools drops every line starting with `\restrict`, data included)
// fails here instead of passing for a backup.
const check = await PGlite.create({ extensions });
await restoreSql(sql, (statement) => check.exec(statement)).catch((error: Error) => {
  throw new Error(`the dump does not play back (${error.message}): no backup written`);
});
const restored = await readFingerprints(queryOf(check));
await check.close();
const differs = differingTable(tables, restored);
if (differs !== undefined)
  throw new Error(`the dump does not give back table ${differs} as it is: no backup written`);
parentPort?.postMessage({ sql, tables } satisfies DumpAnswer);
