import { describe, expect, test, vi } from 'vitest';
import { BackupAlerts, backupFailedNotice } from './backup-alerts.js';
import type { OrderNotice } from './order-alerts.js';

function setup() {
  const notifications: {
    notice: OrderNotice;
    click: () => void;
    close: ReturnType<typeof vi.fn>;
  }[] = [];
  const openBackups = vi.fn();
  const alerts = new BackupAlerts({
    showNotification(notice, onClick) {
      const close = vi.fn();
      notifications.push({ notice, click: onClick, close });
      return { close };
    },
    openBackups,
  });
  return { alerts, notifications, openBackups };
}

describe('failed-backup alerts', () => {
  test('the notice says the backup failed and the tool’s first line', () => {
    expect(
      backupFailedNotice({ message: 'pg_dump: error: connection refused\nIs the server running?' }),
    ).toEqual({ title: 'Backup failed', body: 'pg_dump: error: connection refused' });
  });

  test('each failure notifies, replacing the previous notice; a click opens the Backups screen', () => {
    const { alerts, notifications, openBackups } = setup();
    expect(alerts.failed({ at: '2025-06-01T08:00:00.000Z', message: 'disk full' })).toBe(true);
    expect(notifications.map((n) => n.notice)).toEqual([
      { title: 'Backup failed', body: 'disk full' },
    ]);

    expect(alerts.failed({ at: '2025-06-01T14:00:00.000Z', message: 'disk still full' })).toBe(
      true,
    );
    expect(notifications[0]?.close).toHaveBeenCalled();
    expect(notifications).toHaveLength(2);
    notifications[1]?.click();
    expect(openBackups).toHaveBeenCalledTimes(1);
  });

  test('the same failure told twice notifies once', () => {
    const { alerts, notifications } = setup();
    const failure = { at: '2025-06-01T08:00:00.000Z', message: 'disk full' };
    alerts.failed(failure);
    expect(alerts.failed(failure)).toBe(false);
    expect(notifications).toHaveLength(1);
    expect(notifications[0]?.close).not.toHaveBeenCalled();
  });
});
