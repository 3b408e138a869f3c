import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { rm } from 'node:fs/promises';
import pg from 'pg';
import type { DumpAnswer, DumpRequest } from './dump-worker.js';
import { readFingerprints, type TableFingerprints } from './fingerprints.js';

/** The longest a dump may take before it is stopped (a year of orders: bench/README.md). */
const DUMP_DEADLINE_MS = 30 * 60_000;

/** The database a backup dumps: the embedded one (a copy of its data folder), or a server's. */
export type DumpSource =
  { kind: 'embedded'; copyTo(folder: string): Promise<void> } | { kind: 'server'; url: string };

/**
 * Dumps the database into `sqlFile` (pg_dump's plain SQL, rows as INSERT statements of up to 500
 * rows: restore-sql.ts plays it), using `work` (a folder of its own) meanwhile.
 * @returns every table's rows, as they were when dumped.
 */
export function dumpDatabase(
  source: DumpSource,
  work: string,
  sqlFile: string,
): Promise<TableFingerprints> {
  return source.kind === 'embedded'
    ? dumpEmbedded(source, path.join(work, 'pg'), sqlFile)
    : dumpServer(source.url, sqlFile);
}

/**
 * A copy of the embedded database's folder (taken between two statements, like a crash-safe
 * snapshot), dumped and checked in a worker thread, and removed once done.
 */
async function dumpEmbedded(
  source: { copyTo(folder: string): Promise<void> },
  copy: string,
  sqlFile: string,
): Promise<TableFingerprints> {
  try {
    await source.copyTo(copy);
    return await inWorker({ copy, sqlFile });
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
}

function inWorker(request: DumpRequest): Promise<TableFingerprints> {
  const here = fileURLToPath(import.meta.url);
  // From the sources (tests, `npm run dev`) the worker is TypeScript, loaded through tsx.
  const fromSource = path.extname(here) === '.ts';
  const worker = new Worker(new URL(`./dump-worker${path.extname(here)}`, import.meta.url), {
    workerData: request,
    execArgv: fromSource ? ['--import', 'tsx'] : [],
    // A few copies of the dump's text (pglite-tools makes them): 65 MB each at a year of orders
    // (bench/README.md); room for years more, beside the server's own small heap.
    resourceLimits: { maxOldGenerationSizeMb: 2048 },
  });
  // Settled once the thread has stopped, whatever the outcome: only then is its copy removed.
  return new Promise<TableFingerprints>((resolve, reject) => {
    let answer: DumpAnswer | undefined;
    let failure: Error | undefined;
    // A dump that hangs must not hold every later backup (they join the one running).
    const deadline = setTimeout(() => {
      failure = new Error(
        `the dump took longer than ${DUMP_DEADLINE_MS / 60_000} minutes: stopped`,
      );
      void worker.terminate();
    }, DUMP_DEADLINE_MS);
    worker.once('message', (message: DumpAnswer) => (answer = message));
    worker.once('error', (error) => (failure ??= error));
    worker.once('exit', (code) => {
      clearTimeout(deadline);
      if (answer && !failure) resolve(answer.tables);
      else
        reject(
          failure ?? new Error(`the backup's worker stopped (exit code ${code}) without a dump`),
        );
    });
  });
}

/**
 * pg_dump of a PostgreSQL server, on the same snapshot as the fingerprints read beside it (both
 * see the database at one instant, however busy the shop).
 */
async function dumpServer(url: string, sqlFile: string): Promise<TableFingerprints> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ snapshot: string }>(
      'select pg_export_snapshot() as snapshot',
    );
    const tables = await readFingerprints(async (sql) => (await client.query(sql)).rows);
    const snapshot = rows[0]?.snapshot;
    if (!snapshot) throw new Error('PostgreSQL exported no snapshot to dump');
    await runPgDump(url, snapshot, sqlFile);
    await client.query('commit');
    return tables;
  } finally {
    await client.end();
  }
}

function runPgDump(url: string, snapshot: string, sqlFile: string): Promise<void> {
  // The password goes in pg_dump's environment, not on its command line where `ps` shows it.
  const dbname = new URL(url);
  const password = decodeURIComponent(dbname.password);
  dbname.password = '';
  const args = [
    '--no-owner',
    '--no-privileges',
    '--rows-per-insert=500',
    `--snapshot=${snapshot}`,
    `--file=${sqlFile}`,
    `--dbname=${dbname.toString()}`,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn('pg_dump', args, {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: password ? { ...process.env, PGPASSWORD: password } : process.env,
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(
              'pg_dump is not installed: install PostgreSQL’s client tools (postgresql-client) of the server’s version or newer',
            )
          : error,
      ),
    );
    child.once('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`pg_dump failed (exit code ${code}): ${errors.trim()}`));
    });
  });
}
