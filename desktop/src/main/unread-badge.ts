import { WINDOW_TITLE } from './window.js';

/** "" / "1 new order" / "3 new orders" */
export function unreadLabel(count: number): string {
  if (count === 0) return '';
  return `${count} new ${count === 1 ? 'order' : 'orders'}`;
}

/**
 * The tray's tooltip: the app's name, the new orders and the connection's status when there is
 * one (tray-menu.ts `connectionStatus`) — 'Kirana Counter: 2 new orders · Offline — 3 bills wait
 * to be sent'.
 */
export function trayToolTip(unread: number, status: string | null): string {
  const parts = [unreadLabel(unread), status ?? ''].filter((part) => part !== '');
  return parts.length === 0 ? WINDOW_TITLE : `${WINDOW_TITLE}: ${parts.join(' · ')}`;
}

/** The places that show the unacknowledged-order count; Electron's objects in the app. */
export interface UnreadDisplay<Icon> {
  platform: NodeJS.Platform;
  /** Dock (macOS) and launcher (Linux, Unity-compatible docks) badge. */
  app: { setBadgeCount(count?: number): boolean };
  tray: {
    setToolTip(toolTip: string): void;
    setTitle(title: string): void;
    setImage(image: Icon): void;
  } | null;
  /** The counter window, for the Windows taskbar overlay. */
  window: { setOverlayIcon(overlay: Icon | null, description: string): void } | null;
  icons: { normal: Icon; alert: Icon };
  /** The connection's status, which the tooltip says too; none: nothing to say. */
  status?: string | null;
}

/**
 * Shows the count everywhere the platform allows: the dock/launcher badge, the tray tooltip,
 * the tray icon (a red dot while orders wait), the tray title beside the icon (macOS menu bar;
 * Linux AppIndicator panels that support labels) and the taskbar overlay on Windows, where
 * `setBadgeCount` does nothing.
 */
export function showUnreadCount<Icon>(count: number, display: UnreadDisplay<Icon>): void {
  const label = unreadLabel(count);
  display.app.setBadgeCount(count);
  if (display.tray !== null) {
    display.tray.setToolTip(trayToolTip(count, display.status ?? null));
    display.tray.setImage(count > 0 ? display.icons.alert : display.icons.normal);
    if (display.platform === 'darwin' || display.platform === 'linux') {
      display.tray.setTitle(count > 0 ? String(count) : '');
    }
  }
  if (display.platform === 'win32' && display.window !== null) {
    display.window.setOverlayIcon(count > 0 ? display.icons.alert : null, label);
  }
}
