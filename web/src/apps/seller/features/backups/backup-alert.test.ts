import type { BackupFailure, KiranaDesktopBridge } from '@kirana/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertBackupFailed } from './backup-alert';

const mocks = vi.hoisted(() => ({
  desktop: undefined as Partial<KiranaDesktopBridge> | undefined,
}));
vi.mock('../../../../lib/desktop-bridge', () => ({
  get desktop() {
    return mocks.desktop;
  },
}));

/** The browser's Notification, recording what is shown; `permission` as the seller answered. */
function browserNotifications(permission: NotificationPermission) {
  const shown: { title: string; options: NotificationOptions }[] = [];
  class FakeNotification {
    static permission = permission;
    onclick: (() => void) | null = null;
    constructor(title: string, options: NotificationOptions) {
      shown.push({ title, options });
    }
    close() {}
  }
  vi.stubGlobal('Notification', FakeNotification);
  return shown;
}

const failure: BackupFailure = {
  at: '2025-06-01T08:00:00.000Z',
  message: 'pg_dump: error: connection refused\nIs the server running?',
};

beforeEach(() => {
  mocks.desktop = undefined;
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the counter’s alert for a failed backup', () => {
  it('in a browser whose seller allowed notifications, shows one, tagged so that a newer replaces it', () => {
    const shown = browserNotifications('granted');
    alertBackupFailed(failure);
    expect(shown).toEqual([
      {
        title: 'Backup failed',
        options: { body: 'pg_dump: error: connection refused', tag: 'backup-failed' },
      },
    ]);
  });

  it('in a browser that was not allowed, shows none', () => {
    const shown = browserNotifications('default');
    alertBackupFailed(failure);
    expect(shown).toEqual([]);
  });

  it('inside the desktop app, asks the app and not the browser, with a long reason cut short', async () => {
    const shown = browserNotifications('granted');
    const backupFailed = vi.fn(async (_failure: BackupFailure) => {});
    mocks.desktop = { backupFailed };
    alertBackupFailed({ ...failure, message: 'x'.repeat(5000) });
    expect(backupFailed).toHaveBeenCalledWith({ at: failure.at, message: 'x'.repeat(2000) });
    expect(shown).toEqual([]);

    // A refusal is logged, never thrown into the live feed.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    backupFailed.mockRejectedValueOnce(new Error('refused'));
    alertBackupFailed(failure);
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    warn.mockRestore();
  });

  it('inside a desktop app older than the backup alert, does nothing more than the toast', () => {
    const shown = browserNotifications('granted');
    mocks.desktop = { newOrders: vi.fn() };
    expect(() => alertBackupFailed(failure)).not.toThrow();
    expect(shown).toEqual([]);
  });
});
