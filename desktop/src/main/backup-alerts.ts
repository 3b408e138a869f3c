import { MESSAGES } from '@kirana/shared';
import type { BackupFailure } from '@kirana/shared';
import type { OrderNotice, ShownNotification } from './order-alerts.js';

/** "Backup failed" / "pg_dump: error: connection to server … failed" (the tool's first line). */
export function backupFailedNotice(failure: Pick<BackupFailure, 'message'>): OrderNotice {
  return {
    title: MESSAGES.backupFailedTitle,
    body: MESSAGES.backupFailedBody(failure.message),
  };
}

export interface BackupAlertsDeps {
  /** Shows a native notification, with the system's sound; `onClick` runs when clicked. */
  showNotification(notice: OrderNotice, onClick: () => void): ShownNotification;
  /** The seller clicked the notice: bring the window up on the Backups screen. */
  openBackups(): void;
}

/**
 * The counter's alert for a failed backup (docs/backups.md#when-backups-are-made): a notification
 * per failure, replacing the previous one, since only the latest failure matters; a failure already
 * told (the same time) is not told again.
 */
export class BackupAlerts {
  readonly #deps: BackupAlertsDeps;
  /** Kept referenced so that its click still arrives. */
  #shown: ShownNotification | null = null;
  #lastAt: string | null = null;

  constructor(deps: BackupAlertsDeps) {
    this.#deps = deps;
  }

  /** Notifies of `failure`; returns whether it was new. */
  failed(failure: BackupFailure): boolean {
    if (failure.at === this.#lastAt) return false;
    this.#lastAt = failure.at;
    this.#shown?.close();
    this.#shown = this.#deps.showNotification(backupFailedNotice(failure), () =>
      this.#deps.openBackups(),
    );
    return true;
  }
}
