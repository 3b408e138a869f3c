import { SELLER_MESSAGES, type BackupFailure } from '@kirana/shared';
import { desktop } from '../../../../lib/desktop-bridge';

/** The tool's words sent to the desktop app at most; its notice shows their first line. */
const MAX_TOLD = 2000;

/**
 * The counter's alert for a failed backup: inside the desktop app its notification (a counter
 * app older than `backupFailed` has none: the toast stays); in a browser, the browser's
 * notification once the seller allowed them (asked on Orders, for the order alerts). The
 * screen's toast comes on top, in both.
 */
export function alertBackupFailed(failure: BackupFailure): void {
  if (desktop) {
    desktop
      .backupFailed?.({ at: failure.at, message: failure.message.slice(0, MAX_TOLD) })
      .catch((error: unknown) => {
        console.warn('The desktop app refused the backup alert', error);
      });
    return;
  }
  if ('Notification' in globalThis && Notification.permission === 'granted') {
    const notice = new Notification(SELLER_MESSAGES.backupFailedTitle, {
      body: SELLER_MESSAGES.backupFailedBody(failure.message),
      // One on screen at a time: the latest failure is the one that matters.
      tag: 'backup-failed',
    });
    notice.onclick = () => {
      globalThis.focus();
      notice.close();
    };
  }
}
