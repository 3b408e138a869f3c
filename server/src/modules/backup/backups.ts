import type { DomainEvents } from '../../lib/domain-events.js';
import type { Logger } from '../../lib/logger.js';
import { repeatEvery } from '../../lib/repeat.js';
import { listBackups, type BackupFile } from './backup-archive.js';
import { backUp, type BackupOptions } from './back-up.js';

/** How often the schedule looks whether a backup is due. */
const CHECK_EVERY_MS = 5 * 60_000;
/** How long the schedule waits after a failed backup before it tries again. */
const RETRY_AFTER_FAILURE_MS = 60 * 60_000;

export interface BackupsStatus {
  backups: BackupFile[];
  running: boolean;
  failure: { at: Date; message: string } | null;
}

/**
 * The shop's backups (docs/backups.md#when-backups-are-made): one at a time, now on request, and by
 * the schedule whenever the newest in BACKUP_DIR is BACKUP_EVERY_HOURS old, so a server restarted
 * often still backs up. A failure is kept (the seller's screen shows it) and logged.
 */
export class Backups {
  private running: Promise<BackupFile> | undefined;
  private failure: BackupsStatus['failure'] = null;

  constructor(
    private readonly options: BackupOptions & {
      everyHours: number;
      logger: Logger;
      /** Where a failure is published (backup.failed), for the counter's alert. */
      events?: DomainEvents;
    },
  ) {}

  get dir(): string {
    return this.options.dir;
  }

  get everyHours(): number {
    return this.options.everyHours;
  }

  get keep(): number {
    return this.options.keep;
  }

  /** Backs up now; while one is being written, answers that one. */
  backUpNow(): Promise<BackupFile> {
    this.running ??= backUp(this.options)
      .then(
        (backup) => {
          this.failure = null;
          this.options.logger.info(
            { backup: backup.path, bytes: backup.bytes },
            'backed up the shop',
          );
          return backup;
        },
        (error: unknown) => {
          const message = error instanceof Error ? error.message : String(error);
          this.failure = { at: new Date(), message };
          this.options.logger.error({ err: error }, 'the backup failed');
          this.options.events?.publish({
            type: 'backup.failed',
            at: this.failure.at.toISOString(),
            message,
          });
          throw error;
        },
      )
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  async status(): Promise<BackupsStatus> {
    return {
      backups: await listBackups(this.options.dir),
      running: this.running !== undefined,
      failure: this.failure,
    };
  }

  /** The backup named `name` in BACKUP_DIR, if there is one by that name. */
  async find(name: string): Promise<BackupFile | undefined> {
    return (await listBackups(this.options.dir)).find((backup) => backup.name === name);
  }

  /**
   * Backs up whenever the newest backup is BACKUP_EVERY_HOURS old (never with 0), or dated ahead
   * of the clock; after a failure, tries again an hour later (each failure alerts the counter).
   */
  startSchedule(): { stop(): Promise<void> } {
    if (this.options.everyHours === 0) return { stop: async () => {} };
    const everyMs = this.options.everyHours * 3_600_000;
    return repeatEvery(
      CHECK_EVERY_MS,
      async () => {
        const [newest] = await listBackups(this.options.dir);
        const due = backupDue({
          now: new Date(),
          newest: newest?.createdAt ?? null,
          failedAt: this.failure?.at ?? null,
          everyMs,
        });
        // Failures are logged and kept by backUpNow.
        if (due) await this.backUpNow().catch(() => {});
      },
      this.options.logger,
      'the scheduled backup',
    );
  }
}

/**
 * Whether the schedule backs up at `now`: when the newest backup is `everyMs` old or dated
 * ahead of the clock (the clock was set back), or there is none; never within an hour of a
 * failure.
 */
export function backupDue(at: {
  now: Date;
  newest: Date | null;
  failedAt: Date | null;
  everyMs: number;
}): boolean {
  const now = at.now.getTime();
  if (at.failedAt && now - at.failedAt.getTime() < RETRY_AFTER_FAILURE_MS) return false;
  if (!at.newest) return true;
  const age = now - at.newest.getTime();
  return age < 0 || age >= at.everyMs;
}
