import { SELLER_MESSAGES } from '@kirana/shared';
import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../../lib/api-client';
import { store } from '../../../../lib/store';
import { toast } from '../../../../lib/toast';
import { errorText, failureMessage, isSessionLost } from '../../failure-message';
import { reported } from '../../reported';
import { sessionLostAtom } from '../../session/seller-auth';
import { backUpNow } from './api/back-up-now';
import { getBackups } from './api/get-backups';

const BACKUPS_KEY = ['seller', 'backups'] as const;
/** How often the Backups screen asks while a backup is being written. */
const BACKUP_RUNNING_POLL_MS = 3000;

export const backupQueries = {
  /**
   * The shop's backups and how backing up goes. No live event says a scheduled backup was
   * written: asked again whenever the screen shows, and every few seconds while one is written.
   */
  backups: () =>
    queryOptions({
      queryKey: BACKUPS_KEY,
      queryFn: ({ signal }) => reported(getBackups(signal), signal),
      staleTime: 0,
      refetchInterval: (query) => (query.state.data?.running ? BACKUP_RUNNING_POLL_MS : false),
    }),
};

/**
 * Backs the shop up now: the list is asked again either way, and a success toasted. A failure of
 * the backup itself is told by the live `backup:failed` (atoms/backups.ts) and the screen's
 * alert; any other (the store unreachable) toasts here.
 */
export const backUpNowMutation = () =>
  mutationOptions({
    mutationFn: () => backUpNow(),
    onSuccess: (answer) => {
      toast.success(answer.message);
    },
    onError: (error) => {
      if (isSessionLost(error)) return store.set(sessionLostAtom, errorText(error));
      if (!(error instanceof ApiError && error.code === 'BACKUP_FAILED'))
        toast.error(failureMessage(error, SELLER_MESSAGES.backUpNowFailed));
    },
    onSettled: (_answer, _error, _asked, _context, { client }) => refreshBackups(client),
  });

/** A backup was written or failed: the Backups screen asks again. */
export const refreshBackups = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: BACKUPS_KEY });
