import { backupMadeAnswerSchema, type BackupMadeAnswer } from '@kirana/shared';
import { api } from '../../../../../lib/api-client';

/**
 * `POST /api/backups`: backs the shop up now (or waits for the backup already being written) and
 * answers it. Throws `ApiError`, code `BACKUP_FAILED` with the tool's words when it fails.
 */
export function backUpNow(): Promise<BackupMadeAnswer> {
  return api.post('/api/backups', backupMadeAnswerSchema);
}
