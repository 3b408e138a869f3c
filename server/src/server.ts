import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createApp } from './app.js';
import type { Config } from './config.js';
import { startEmbeddedDatabase } from './db/embedded.js';
import { openDatabase } from './db/orm.js';
import { seedDatabase } from './db/seed/index.js';
import type { Logger } from './lib/logger.js';
import { LocalImageStore } from './modules/upload/image-store.js';

export interface RunningServer {
  port: number;
  /** Stops taking connections, lets in-flight requests finish, then closes the database. */
  close(): Promise<void>;
}

/** How long in-flight requests may take to finish at shutdown before their connections are cut. */
const DRAIN_MS = 10_000;

/**
 * Opens (and if needed starts) the database, migrates, seeds, and listens on `config.port`.
 * @throws DatabaseUnreachableError, or the listen error (EADDRINUSE …).
 */
export async function startServer(config: Config, logger: Logger): Promise<RunningServer> {
  const database = config.databaseUrl
    ? { url: config.databaseUrl, embedded: false, close: async () => {} }
    : { ...(await startEmbeddedDatabase(path.join(config.dataDir, 'pg'))), embedded: true };
  try {
    const orm = await openDatabase({ url: database.url, embedded: database.embedded });
    const store = new LocalImageStore(path.join(config.dataDir, 'uploads'));
    await seedDatabase(orm, {
      seller: config.seller,
      seedDemoData: config.seedDemoData,
      store,
      logger,
    });
    const readiness = { accepting: true };
    const app = createApp({
      orm,
      logger,
      store,
      sessionSecret: config.sessionSecret,
      trustProxy: config.trustProxy,
      readiness,
    });
    const server = createServer(app.callback());
    server.on('close', () => logger.debug('http server closed'));
    await listen(server, config.port);
    return {
      port: (server.address() as AddressInfo).port,
      async close() {
        readiness.accepting = false;
        await drain(server);
        await orm.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function drain(server: Server): Promise<void> {
  return new Promise((resolve) => {
    const force = setTimeout(() => server.closeAllConnections(), DRAIN_MS);
    // Idle keep-alive connections would otherwise hold the server open until they time out.
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    server.close(() => {
      clearTimeout(force);
      clearInterval(idle);
      resolve();
    });
    server.closeIdleConnections();
  });
}
