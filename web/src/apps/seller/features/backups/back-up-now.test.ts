import type { BackupMadeAnswer } from '@kirana/shared';
import { MutationObserver } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../lib/api-client';
import { queryClient } from '../../../../lib/query-client';
import { backupMutations } from './mutations';
import { backupQueries } from './queries';

const mocks = vi.hoisted(() => ({
  backUpNow: vi.fn<() => Promise<BackupMadeAnswer>>(),
  toast: { success: vi.fn(), error: vi.fn() },
}));
vi.mock('./api/back-up-now', () => ({ backUpNow: mocks.backUpNow }));
vi.mock('../../../../lib/toast', () => ({ toast: mocks.toast }));

const backups = backupQueries.backups().queryKey;

async function backUp() {
  const observer = new MutationObserver(queryClient, backupMutations.backUpNow());
  await observer.mutate().catch(() => {});
}

beforeEach(() => {
  vi.clearAllMocks();
  queryClient.clear();
  queryClient.setQueryData(backups, {
    success: true,
    backups: [],
    running: false,
    failure: null,
    dir: '/data/backups',
    everyHours: 6,
    keep: 14,
  });
});

describe('Back up now', () => {
  it('toasts the server’s message and asks the list again', async () => {
    mocks.backUpNow.mockResolvedValue({
      success: true,
      message: 'Backed up',
      backup: { name: 'kirana-1.zip', bytes: 2048, createdAt: '2025-06-01T08:00:00.000Z' },
    });
    await backUp();
    expect(mocks.toast.success).toHaveBeenCalledWith('Backed up');
    expect(queryClient.getQueryState(backups)?.isInvalidated).toBe(true);
  });

  it('leaves a failed backup to the live backup:failed toast, and asks the list again for its alert', async () => {
    mocks.backUpNow.mockRejectedValue(
      new ApiError('The backup failed: disk full', 503, { code: 'BACKUP_FAILED' }),
    );
    await backUp();
    expect(mocks.toast.error).not.toHaveBeenCalled();
    expect(queryClient.getQueryState(backups)?.isInvalidated).toBe(true);
  });

  it('toasts a store it could not reach', async () => {
    mocks.backUpNow.mockRejectedValue(new ApiError('Could not reach the store.', 0));
    await backUp();
    expect(mocks.toast.error).toHaveBeenCalledWith('Could not back up now');
  });
});
