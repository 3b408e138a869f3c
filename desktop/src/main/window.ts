import type { BrowserWindowConstructorOptions, Rectangle } from 'electron';
import type { Logger } from './logger.js';
import type { WindowState } from './settings.js';

export const WINDOW_TITLE = 'Kirana Counter';
const DEFAULT_SIZE = { width: 1280, height: 820 };

/** Web preferences of every window the app makes: the renderer gets no Node and no way out. */
export const SECURE_WEB_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  experimentalFeatures: false,
  navigateOnDragDrop: false,
} as const satisfies BrowserWindowConstructorOptions['webPreferences'];

/**
 * The saved window state if it still shows on a display (monitors come and go at a counter),
 * else the same size centred on the primary display.
 */
export function restoredBounds(
  saved: WindowState | null,
  workAreas: readonly Rectangle[],
): Partial<Rectangle> & { width: number; height: number } {
  if (saved === null) return { ...DEFAULT_SIZE };
  const { width, height } = saved;
  if (saved.x === undefined || saved.y === undefined) return { width, height };
  const { x, y } = saved;
  // Visible enough: at least 100 × 50 px of the title-bar region lies on some display.
  const visible = workAreas.some(
    (area) =>
      Math.min(x + width, area.x + area.width) - Math.max(x, area.x) >= 100 &&
      Math.min(y + 50, area.y + area.height) - Math.max(y, area.y) >= 50,
  );
  return visible ? { x, y, width, height } : { width, height };
}

/** The counter window's options: restored bounds, the preload, and the secure preferences. */
export function counterWindowOptions(
  saved: WindowState | null,
  workAreas: readonly Rectangle[],
  preload: string,
): BrowserWindowConstructorOptions {
  return {
    ...restoredBounds(saved, workAreas),
    minWidth: 800,
    minHeight: 560,
    title: WINDOW_TITLE,
    show: false,
    autoHideMenuBar: true,
    backgroundColor: '#ffffff',
    webPreferences: { ...SECURE_WEB_PREFERENCES, preload, spellcheck: false },
  };
}

/** The Receipt printer window's options: small, on top of the counter window, secure. */
export function receiptPrinterWindowOptions(preload: string): BrowserWindowConstructorOptions {
  return {
    width: 560,
    height: 720,
    minWidth: 420,
    minHeight: 480,
    title: `${WINDOW_TITLE}: receipt printer`,
    show: false,
    autoHideMenuBar: true,
    minimizable: false,
    backgroundColor: '#f0fdf4',
    webPreferences: { ...SECURE_WEB_PREFERENCES, preload, spellcheck: false },
  };
}

/** Options of a hidden window that only renders and prints a page (packing slip, receipt…). */
export const PRINT_WINDOW_OPTIONS: BrowserWindowConstructorOptions = {
  show: false,
  webPreferences: { ...SECURE_WEB_PREFERENCES, javascript: false },
};

export type NavigationDecision = 'allow' | 'deny';

/** A renderer may only navigate within the configured server's origin. */
export function navigationDecision(url: string, serverOrigin: string | null): NavigationDecision {
  if (serverOrigin === null) return 'deny';
  try {
    return new URL(url).origin === serverOrigin ? 'allow' : 'deny';
  } catch {
    return 'deny';
  }
}

/**
 * No page opens a window. A link to another https site opens in the system browser; anything
 * else (the server's own pages, plain http, other schemes) just does nothing.
 */
export function newWindowDecision(
  url: string,
  serverOrigin: string | null,
): 'open-in-browser' | 'deny' {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'deny';
  }
  return parsed.protocol === 'https:' && parsed.origin !== serverOrigin
    ? 'open-in-browser'
    : 'deny';
}

/** The part of `webContents` the guards attach to. */
export interface GuardedContents {
  on(
    event: 'will-navigate' | 'will-redirect',
    listener: (event: { url: string; isMainFrame: boolean; preventDefault(): void }) => void,
  ): unknown;
  on(event: 'will-attach-webview', listener: (event: { preventDefault(): void }) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
}

/**
 * Blocks every renderer-started navigation away from the server's origin (main's own
 * `loadURL`/`loadFile` of the bundled pages does not pass here), every redirect of the page
 * elsewhere, every new window and every `<webview>`. Blocked attempts are logged.
 */
export function guardNavigation(
  contents: GuardedContents,
  serverOrigin: () => string | null,
  openExternal: (url: string) => Promise<void>,
  log: Logger,
): void {
  const keepOnServer = (event: { url: string; isMainFrame: boolean; preventDefault(): void }) => {
    if (!event.isMainFrame) return;
    if (navigationDecision(event.url, serverOrigin()) === 'allow') return;
    event.preventDefault();
    log.warn('navigation: blocked a page leaving the server', { url: event.url });
  };
  contents.on('will-navigate', keepOnServer);
  contents.on('will-redirect', keepOnServer);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (newWindowDecision(url, serverOrigin()) === 'open-in-browser') {
      openExternal(url).catch((error: unknown) =>
        log.warn('navigation: the system browser did not open', { url, error: String(error) }),
      );
    } else {
      log.warn('navigation: blocked a new window', { url });
    }
    return { action: 'deny' };
  });
}

/**
 * Which permission requests the seller screens get: clipboard writes (copy an order id) and
 * full screen. Everything else (camera, location, web notifications: the app notifies itself)
 * is refused, as is any request from another origin.
 */
export function permissionGranted(
  permission: string,
  requestingUrl: string,
  serverOrigin: string | null,
): boolean {
  if (navigationDecision(requestingUrl, serverOrigin) !== 'allow') return false;
  return permission === 'clipboard-sanitized-write' || permission === 'fullscreen';
}
