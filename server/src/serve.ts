// The store's process, started by main.ts once it has checked the Node.js version.
import { announceStart } from './banner.js';
import { ConfigError, loadConfig } from './config.js';
import { EmbeddedDatabaseInUseError } from './db/embedded.js';
import { DatabaseUnreachableError } from './db/orm.js';
import { createLogger } from './lib/logger.js';
import { RedisUnreachableError } from './lib/redis.js';
import { startServer } from './server.js';

/** Problems an operator fixes by configuration: said in one line, without a stack trace. */
function fail(message: string): never {
  console.error(`kirana: ${message}`);
  process.exit(1);
}

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) fail(`invalid configuration: ${error.message}`);
  throw error;
}

// A person at a terminal reads lines; anything else (a file, a collector) gets JSON log lines.
const readable = process.stdout.isTTY === true;
const logger = createLogger(config.logLevel, { readable });
if (!config.seller.fromEnv && !readable) {
  logger.warn(
    `seller account for development: ${config.seller.email} / ${config.seller.password} (set SELLER_EMAIL and SELLER_PASSWORD to change it)`,
  );
}

let server;
try {
  server = await startServer(config, logger);
} catch (error) {
  if (
    error instanceof DatabaseUnreachableError ||
    error instanceof EmbeddedDatabaseInUseError ||
    error instanceof RedisUnreachableError
  )
    fail(error.message);
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE')
    fail(`port ${config.port} is already in use (set PORT to another one)`);
  if (code === 'EACCES') fail(`not allowed to listen on port ${config.port} (set PORT above 1023)`);
  throw error;
}

announceStart(config, server.port, logger, process.stdout);

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    server.close().then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
