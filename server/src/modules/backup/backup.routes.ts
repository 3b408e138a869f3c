import { createReadStream } from 'node:fs';
import type { Backup, BackupMadeAnswer, BackupsAnswer } from '@kirana/shared';
import Router from '@koa/router';
import { AppError } from '../../lib/errors.js';
import type { AppContext, AppState } from '../../lib/context.js';
import { requireSession } from '../session/auth.js';
import type { BackupFile } from './backup-archive.js';
import type { Backups } from './backups.js';

/** A backup this recent answers Back up now instead of a new one. */
const FRESH_MS = 60_000;

const present = (backup: BackupFile): Backup => ({
  name: backup.name,
  bytes: backup.bytes,
  createdAt: backup.createdAt.toISOString(),
});

/**
 * The seller's backups: how they go, back up now, download one
 * (docs/backups.md#the-backups-screen).
 */
export function backupRoutes(backups: Backups): Router<AppState, AppContext> {
  const router = new Router<AppState, AppContext>({ prefix: '/api/backups' });

  router.get('/', async (ctx) => {
    await requireSession(ctx, 'seller');
    const status = await backups.status();
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      success: true,
      backups: status.backups.map(present),
      running: status.running,
      failure: status.failure && {
        at: status.failure.at.toISOString(),
        message: status.failure.message,
      },
      dir: backups.dir,
      everyHours: backups.everyHours,
      keep: backups.keep,
    } satisfies BackupsAnswer;
  });

  router.post('/', async (ctx) => {
    await requireSession(ctx, 'seller');
    // A backup written moments ago (by the schedule, or a second press) is the one asked for:
    // each new one pushes the oldest out of BACKUP_KEEP, and a burst would push out every backup
    // worth having.
    const [newest] = (await backups.status()).backups;
    const fresh = newest && Date.now() - newest.createdAt.getTime() < FRESH_MS ? newest : null;
    const backup =
      fresh ??
      (await backups.backUpNow().catch((error: Error) => {
        throw new AppError('BACKUP_FAILED', `The backup failed: ${error.message}`);
      }));
    ctx.status = fresh ? 200 : 201;
    ctx.body = {
      success: true,
      message: 'Backed up',
      backup: present(backup),
    } satisfies BackupMadeAnswer;
  });

  router.get('/:name', async (ctx) => {
    await requireSession(ctx, 'seller');
    const backup = await backups.find(ctx.params.name ?? '');
    if (!backup) throw new AppError('NOT_FOUND', `No backup named ${ctx.params.name}`);
    ctx.set('Cache-Control', 'no-store');
    ctx.attachment(backup.name);
    ctx.type = 'application/zip';
    ctx.length = backup.bytes;
    ctx.body = createReadStream(backup.path);
  });

  return router;
}
