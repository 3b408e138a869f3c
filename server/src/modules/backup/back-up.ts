import { rm } from 'node:fs/promises';
import path from 'node:path';
import { makeWorkFolder, pruneBackups, writeBackup, type BackupFile } from './backup-archive.js';
import { dumpDatabase, type DumpSource } from './dump.js';

export interface BackupOptions {
  source: DumpSource;
  /** BACKUP_DIR. */
  dir: string;
  /** DATA_DIR: its uploads/ go into the backup; the backup is made in its .backup-work/. */
  dataDir: string;
  /** BACKUP_KEEP: the newest this many stay. */
  keep: number;
  /** The files of DATA_DIR that are the shop's keys (config.ts DATA_DIR_KEYS). */
  keys: readonly string[];
  /** The shop's time zone as it is at the backup: its name's clock. */
  timeZone: () => Promise<string>;
  now?: () => Date;
}

/** Dumps the database, writes the backup beside the pictures, and keeps the newest `keep`. */
export async function backUp(options: BackupOptions): Promise<BackupFile> {
  const createdAt = (options.now ?? (() => new Date()))();
  const work = await makeWorkFolder(options.dataDir);
  try {
    const sqlFile = path.join(work, 'database.sql');
    const tables = await dumpDatabase(options.source, work, sqlFile);
    const backup = await writeBackup({
      dir: options.dir,
      sqlFile,
      manifest: { createdAt: createdAt.toISOString(), database: options.source.kind, tables },
      uploadsDir: path.join(options.dataDir, 'uploads'),
      keyFiles: options.keys.map((name) => path.join(options.dataDir, name)),
      timeZone: await options.timeZone(),
    });
    await pruneBackups(options.dir, options.keep);
    return backup;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
