import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export interface EmbeddedDatabase {
  /** A postgres:// URL naming the Unix socket's folder as its host, as libpq spells it. */
  url: string;
  /**
   * Copies the database's folder into `folder` (to be made) between two statements, as a crash
   * would leave it, which PostgreSQL recovers from when the copy is opened: for a backup to dump
   * elsewhere. Only a database on disk (with a data folder) has one.
   */
  copyTo(folder: string): Promise<void>;
  close(): Promise<void>;
}

/** libpq's name for the socket of port 5432 inside the folder named as the host. */
const SOCKET_NAME = '.s.PGSQL.5432';

/**
 * PostgreSQL's settings over those initdb wrote, given at every start so that they reach data
 * folders made before them. A buffer pool of 16 MB, not initdb's 128 MB: PGlite's memory holds
 * the pool whole from the start and WebAssembly never gives memory back; past it the shop's
 * tables come from the system's file cache, which left a year's dashboard and searches as fast
 * (bench/README.md, the embedded database's memory).
 */
const POSTGRES_SETTINGS = ['-c', 'shared_buffers=16MB'];

/** Thrown when another server already runs the embedded database of the same data folder. */
export class EmbeddedDatabaseInUseError extends Error {
  override name = 'EmbeddedDatabaseInUseError';
}

/**
 * Starts PGlite (PostgreSQL compiled to WebAssembly) behind a Unix socket in a folder only this
 * user may enter: it has no password, so no TCP port and no other local user may reach it.
 * With `dataDir` the data stays on disk in `dataDir/pg` and the socket is in `dataDir/pg-socket`;
 * without, the database lives in memory and the socket in a fresh temporary folder (tests).
 * @throws EmbeddedDatabaseInUseError when a live server already listens on that socket.
 */
export async function startEmbeddedDatabase(dataDir?: string): Promise<EmbeddedDatabase> {
  const dir = dataDir && path.join(dataDir, 'pg');
  let socketDir: string;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    // Its files hold the seller's password hash and every session.
    chmodSync(dir, 0o700);
    socketDir = path.join(dataDir, 'pg-socket');
    mkdirSync(socketDir, { recursive: true });
  } else {
    socketDir = await mkdtemp(path.join(tmpdir(), 'kirana-pg-'));
  }
  // mkdir's mode is cut by the umask and leaves an existing folder as it was.
  chmodSync(socketDir, 0o700);
  const socketPath = path.join(socketDir, SOCKET_NAME);
  await removeStaleSocket(socketPath);
  if (dir) await createDataFolder(dir);

  // pg_trgm: product search's typo tolerance, as on a PostgreSQL server (its contrib).
  const db = await PGlite.create(dir ?? 'memory://', {
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, ...POSTGRES_SETTINGS],
  });
  // The socket server multiplexes connections onto the one PGlite session, but not safely under
  // load (electric-sql/pglite#1046): the app uses one connection (db/orm.ts).
  const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 64 });
  await server.start();
  return {
    url: `postgres://postgres@${encodeURIComponent(socketDir)}:5432/postgres`,
    async copyTo(folder) {
      if (!dir) throw new Error('the embedded database in memory has no folder to copy');
      // Between two statements (the socket's and the app's queries wait meanwhile): on disk,
      // file by file, rather than PGlite's dumpDataDir, which builds the copy in memory.
      await db.runExclusive(() =>
        cp(dir, folder, { recursive: true, errorOnExist: true, force: false }),
      );
    },
    async close() {
      await server.stop();
      await db.close();
      if (dir) rmSync(socketPath, { force: true });
      else await rm(socketDir, { recursive: true, force: true });
    },
  };
}

/** Makes a PGlite data folder (initdb) in the folder named by its first argument, then stops. */
const INITDB_SCRIPT = `const { PGlite } = await import('@electric-sql/pglite');
await (await PGlite.create(process.argv[1])).close();`;

/**
 * On a first start, makes the data folder in a Node process of its own. PGlite runs initdb in a
 * second instance whose files pass through memory as a tarball; in the server's process the C
 * library would keep the ~80 MB that frees for as long as the shop runs (bench/README.md, the
 * embedded database's memory). Liftoff alone compiles the WebAssembly: this short run has no use
 * for V8's optimising compiler, which takes 600 MB to compile PostgreSQL's SQL parser.
 */
async function createDataFolder(dir: string): Promise<void> {
  if (existsSync(path.join(dir, 'PG_VERSION'))) return;
  await promisify(execFile)(
    process.execPath,
    ['--liftoff-only', '--input-type=module', '-e', INITDB_SCRIPT, path.resolve(dir)],
    // The script resolves PGlite from this module's folder, as this module does.
    { cwd: path.dirname(fileURLToPath(import.meta.url)) },
  );
}

/**
 * A socket file left by a server that was killed is removed; one that answers belongs to a
 * server still running on the same data folder, which PGlite cannot share.
 */
async function removeStaleSocket(socketPath: string): Promise<void> {
  const live = await new Promise<boolean>((resolve) => {
    const probe = connect(socketPath);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
  if (live) {
    throw new EmbeddedDatabaseInUseError(
      `another Kirana server is using the embedded database in ${path.dirname(socketPath)} (stop it, or set DATA_DIR to another folder)`,
    );
  }
  rmSync(socketPath, { force: true });
}
