import * as z from 'zod/mini';

/** A backup in BACKUP_DIR (docs/backups.md#what-a-backup-holds). */
export const backupSchema = z.object({
  /** Its file name, which `GET /api/backups/{name}` downloads. */
  name: z.string(),
  bytes: z.int(),
  createdAt: z.iso.datetime(),
});
export type Backup = z.infer<typeof backupSchema>;

/** A backup that failed (and none has succeeded since): when, and why in the tool's words. */
export const backupFailureSchema = z.object({ at: z.iso.datetime(), message: z.string() });
export type BackupFailure = z.infer<typeof backupFailureSchema>;

/** `GET /api/backups` (seller): the backups kept, newest first, and how backing up goes. */
export const backupsAnswerSchema = z.object({
  success: z.literal(true),
  backups: z.array(backupSchema),
  /** A backup is being written now. */
  running: z.boolean(),
  /** The last backup failed (and none has succeeded since): when, and why. */
  failure: z.nullable(backupFailureSchema),
  /** Where they are written (BACKUP_DIR), how often (0: only before migrations) and how many kept. */
  dir: z.string(),
  everyHours: z.int(),
  keep: z.int(),
});
export type BackupsAnswer = z.infer<typeof backupsAnswerSchema>;

/**
 * `POST /api/backups` (seller): the backup just written (201), or the one written less than a
 * minute before (200), which a second press gets instead of pushing an older one out.
 */
export const backupMadeAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  backup: backupSchema,
});
export type BackupMadeAnswer = z.infer<typeof backupMadeAnswerSchema>;
