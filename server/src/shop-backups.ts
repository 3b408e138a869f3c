import { DEFAULT_TIME_ZONE } from '@kirana/shared';
import pg from 'pg';
import { DATA_DIR_KEYS, type Config } from './config.js';
import type { DomainEvents } from './lib/domain-events.js';
import type { Logger } from './lib/logger.js';
import { Backups } from './modules/backup/backups.js';
import type { DumpSource } from './modules/backup/dump.js';

/** The shop's backups as the configuration says (BACKUP_*), of the database `source`. */
export function shopBackups(
  config: Config,
  source: DumpSource,
  logger: Logger,
  /** The shop's time zone, read at each backup (its name's clock). */
  timeZone: () => Promise<string>,
  events?: DomainEvents,
): Backups {
  return new Backups({
    source,
    dir: config.backups.dir,
    dataDir: config.dataDir,
    keep: config.backups.keep,
    everyHours: config.backups.everyHours,
    keys: DATA_DIR_KEYS,
    timeZone,
    logger,
    events,
  });
}

/** PostgreSQL's error for a table that does not exist (undefined_table). */
const NO_SUCH_TABLE = '42P01';

/**
 * The shop's time zone as the database at `url` holds it, asked on a connection of its own (the
 * command line's, while the store is stopped); the default while it has no settings yet.
 */
export async function readShopTimeZone(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ time_zone: string }>(
      'select time_zone from shop_settings where id = 1',
    );
    return rows[0]?.time_zone ?? DEFAULT_TIME_ZONE;
  } catch (error) {
    if ((error as { code?: string }).code === NO_SUCH_TABLE) return DEFAULT_TIME_ZONE;
    throw error;
  } finally {
    await client.end();
  }
}
