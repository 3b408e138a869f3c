import { backupsAnswerSchema, type BackupsAnswer } from '@kirana/shared';
import { api } from '../../../../../lib/api-client';
import { serverUrl } from '../../../../../lib/server-origin';

/** `GET /api/backups`: the backups kept, newest first, how backing up goes, and a failure. */
export function getBackups(signal?: AbortSignal): Promise<BackupsAnswer> {
  return api.get('/api/backups', backupsAnswerSchema, { signal });
}

/** `GET /api/backups/{name}`: the backup file itself, for a download link (the cookie rides along). */
export function backupDownloadUrl(name: string): string {
  return serverUrl(`/api/backups/${encodeURIComponent(name)}`);
}
