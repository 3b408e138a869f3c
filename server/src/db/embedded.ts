import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export interface EmbeddedDatabase {
  /** A postgres:// URL on a loopback port, for the same driver as a real PostgreSQL. */
  url: string;
  close(): Promise<void>;
}

/**
 * Starts PGlite (PostgreSQL compiled to WebAssembly) on a free loopback port.
 * `dir` keeps the data on disk; without it the database lives in memory (tests).
 */
export async function startEmbeddedDatabase(dir?: string): Promise<EmbeddedDatabase> {
  if (dir) mkdirSync(dir, { recursive: true });
  const db = await PGlite.create(dir ?? 'memory://');
  // The socket server multiplexes connections onto the one PGlite session, keeping each
  // transaction's statements together, so a small connection pool is safe.
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 64 });
  await server.start();
  return {
    url: `postgres://postgres@${server.getServerConn()}/postgres`,
    async close() {
      await server.stop();
      await db.close();
    },
  };
}
