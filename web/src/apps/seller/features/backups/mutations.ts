import { SELLER_MESSAGES } from '@kirana/shared';
import { mutationOptions } from '@tanstack/react-query';
import { toast } from '../../../../lib/toast';
import { reportFailure } from '../../failure-message';
import { backUpNow } from './api/back-up-now';
import { refreshBackups } from './queries';

/**
 * Backs the shop up now: the list is asked again either way, and a success toasted. A failure of
 * the backup itself is told by the live `backup:failed` (live-events.ts) and the screen's
 * alert; any other (the store unreachable) toasts here.
 */
export const backupMutations = {
  backUpNow: () =>
    mutationOptions({
      mutationFn: () => backUpNow(),
      onSuccess: (answer) => {
        toast.success(answer.message);
      },
      onError: reportFailure(SELLER_MESSAGES.backUpNowFailed, ['BACKUP_FAILED']),
      onSettled: (_answer, _error, _asked, _context, { client }) => refreshBackups(client),
    }),
};
