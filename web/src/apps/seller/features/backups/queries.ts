import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { reported } from '../../reported';
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

/** A backup was written or failed: the Backups screen asks again. */
export const refreshBackups = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: BACKUPS_KEY });
