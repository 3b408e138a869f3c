import { SELLER_MESSAGES, type BackupFailure } from '@kirana/shared';
import type { QueryClient } from '@tanstack/react-query';
import { toast } from '../../../../lib/toast';
import { alertBackupFailed } from './backup-alert';
import { refreshBackups } from './queries';

/**
 * Live `backup:failed`, on every seller screen: an error toast, the counter's alert (desktop or
 * browser notification), and the Backups screen asked again, whose alert then says it too.
 */
export const backupFailed = (client: QueryClient, failure: BackupFailure): void => {
  toast.error(SELLER_MESSAGES.backupFailed(failure.message));
  alertBackupFailed(failure);
  void refreshBackups(client);
};
