import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { MikroORM } from '@mikro-orm/postgresql';
import { afterEach, expect, test } from 'vitest';
import { loadConfig } from './config.js';
import { startEmbeddedDatabase } from './db/embedded.js';
import { migrations } from './db/migrations/index.js';
import { ormOptions } from './db/orm.js';
import { createLogger } from './lib/logger.js';
import { listBackups, openBackup } from './modules/backup/backup-archive.js';
import { startServer } from './server.js';

let dataDir: string | undefined;
afterEach(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

test('a start that migrates an existing shop backs it up first, as it was; a start with nothing to migrate does not', async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'kirana-migrate-'));
  // A shop whose database is one migration behind this version.
  const database = await startEmbeddedDatabase(dataDir);
  const orm = await MikroORM.init(ormOptions({ url: database.url, embedded: true }));
  const last = migrations.at(-1)?.name;
  await orm.migrator.up({ to: migrations.at(-2)?.name });
  await orm.close(true);
  await database.close();

  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: '0',
    SEED_DEMO_DATA: 'false',
    BACKUP_EVERY_HOURS: '0',
  });
  const logger = createLogger('silent');
  const first = await startServer(config, logger);
  await first.close();
  const backups = await listBackups(config.backups.dir);
  expect(backups).toHaveLength(1);
  const backup = await openBackup(backups[0]!.path);
  try {
    // Taken before the last migration ran.
    expect(backup.manifest.tables.mikro_orm_migrations?.rows).toBe(migrations.length - 1);
    expect(await text(await backup.openSql())).not.toContain(`'${last}'`);
  } finally {
    backup.close();
  }

  const second = await startServer(config, logger);
  await second.close();
  expect(await listBackups(config.backups.dir)).toHaveLength(1);
});
