// `npm run backup` and `npm run restore -- FILE` (docs/backups.md), started by
// scripts/backup.mjs once the build is current. Problems are said in one line.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, DATA_DIR_KEYS, loadConfig, loadDataLocation, type Config } from './config.js';
import { EmbeddedDatabaseInUseError, startEmbeddedDatabase } from './db/embedded.js';
import { kiranaMigrations } from './db/migrations-up-to.js';
import { createLogger } from './lib/logger.js';
import { restoreBackup, RestoreRefusedError } from './modules/backup/restore.js';
import { readShopTimeZone, shopBackups } from './shop-backups.js';

/** Why the command stops, said in one line (`fail`). */
class CommandFailure extends Error {}

/**
 * Stops the command with `message`. It is thrown, not `process.exit`: the process then ends once
 * what is under way has (a WebAssembly module still compiling at an exit can leave it hanging).
 */
function fail(message: string): never {
  throw new CommandFailure(message);
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function backUp(config: Config): Promise<void> {
  if (!config.databaseUrl && !existsSync(path.join(config.dataDir, 'pg')))
    fail(`there is no shop in ${config.dataDir} to back up (set DATA_DIR to the store's folder)`);
  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedDatabase(config.dataDir).catch((error: unknown) => {
        if (error instanceof EmbeddedDatabaseInUseError)
          fail(
            `the store is running on ${config.dataDir}, and it backs up itself${
              config.backups.everyHours > 0 ? ` every ${config.backups.everyHours} hours` : ''
            } into ${config.backups.dir}: for one now, press Back up now on the seller's Backups screen (or stop the store and run this again)`,
          );
        throw error;
      });
  try {
    const url = embedded?.url ?? config.databaseUrl ?? '';
    // Once, now: the store's own schedule is not this command's.
    const backups = shopBackups(
      { ...config, backups: { ...config.backups, everyHours: 0 } },
      embedded ? { kind: 'embedded', copyTo: embedded.copyTo } : { kind: 'server', url },
      createLogger('silent'),
      () => readShopTimeZone(url),
    );
    const backup = await backups
      .backUpNow()
      .catch((error: Error) => fail(`the backup failed: ${error.message}`));
    console.log(`Backed up into ${backup.path} (${megabytes(backup.bytes)})`);
  } finally {
    await embedded?.close();
  }
}

async function restore(
  config: Pick<Config, 'dataDir' | 'databaseUrl'>,
  file: string | undefined,
): Promise<void> {
  if (!file) fail('say which backup to restore: npm run restore -- FILE');
  const restored = await restoreBackup(path.resolve(file), {
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    keys: DATA_DIR_KEYS,
    migrations: kiranaMigrations,
  }).catch((error: Error) => {
    if (error instanceof RestoreRefusedError) fail(`nothing restored: ${error.message}`);
    fail(`the restore failed: ${error.message}`);
  });
  console.log(
    `Restored ${restored.tables} tables (${restored.rows} rows, each table checked against the backup) and ${restored.pictures} pictures into ${
      config.databaseUrl ? 'the database at DATABASE_URL' : config.dataDir
    }. Start the store with npm start.`,
  );
}

/** The configuration `load` reads, or the command's end with the reason. */
function configured<Loaded>(load: () => Loaded): Loaded {
  try {
    return load();
  } catch (error) {
    if (error instanceof ConfigError) fail(`invalid configuration: ${error.message}`);
    throw error;
  }
}

const [command, file] = process.argv.slice(2);
try {
  if (command === 'backup') await backUp(configured(loadConfig));
  // A restore generates no key into DATA_DIR: a refused one leaves it as it was.
  else if (command === 'restore') await restore(configured(loadDataLocation), file);
  else fail(`unknown command ${command}: backup, or restore FILE`);
} catch (error) {
  if (!(error instanceof CommandFailure)) throw error;
  console.error(`kirana: ${error.message}`);
  process.exitCode = 1;
}
