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
  events?: DomainEvents,
): Backups {
  return new Backups({
    source,
    dir: config.backups.dir,
    dataDir: config.dataDir,
    keep: config.backups.keep,
    everyHours: config.backups.everyHours,
    keys: DATA_DIR_KEYS,
    logger,
    events,
  });
}
