import { spawn } from 'node:child_process';
import { createConnection } from 'node:net';
import type * as Electron from 'electron';
import type { ConnectResult } from '../ipc-contract.js';
import { trayIconBitmap } from './artwork.js';
import { BackupAlerts } from './backup-alerts.js';
import { chimePlayer } from './chime.js';
import { CounterScreens } from './counter-screens.js';
import type { BundledPagePaths } from './counter-screens.js';
import { registerIpcHandlers } from './ipc.js';
import type { IpcHandlers } from './ipc.js';
import type { Logger } from './logger.js';
import { OrderAlerts } from './order-alerts.js';
import type { OrderNotice, ShownNotification } from './order-alerts.js';
import { printCashReport } from './cash-report.js';
import { printPackingSlip } from './packing-slip.js';
import { printReceipt, receiptPrinterStatus } from './receipt-printer.js';
import type { ReceiptPrinterIo } from './receipt-printer.js';
import { relaunchOptions, restartNeededFor, treatServerAsSecure } from './secure-origin.js';
import { counterPreferencesOf, serverOrigin, SettingsStore } from './settings.js';
import { connectionStatus, trayMenuTemplate } from './tray-menu.js';
import type { TrayActions, TrayConnection } from './tray-menu.js';
import { showUnreadCount, trayToolTip } from './unread-badge.js';
import {
  counterWindowOptions,
  guardNavigation,
  permissionGranted,
  PRINT_WINDOW_OPTIONS,
  receiptPrinterWindowOptions,
  SECURE_WEB_PREFERENCES,
  WINDOW_TITLE,
} from './window.js';

/** The parts of the `electron` module the app uses: the real module in the app, fakes in tests. */
export type CounterElectron = Pick<
  typeof Electron,
  | 'app'
  | 'BrowserWindow'
  | 'ipcMain'
  | 'Menu'
  | 'nativeImage'
  | 'net'
  | 'Notification'
  | 'screen'
  | 'shell'
  | 'Tray'
>;

export interface CounterAppOptions {
  /** `KIRANA_SERVER_URL` (development) is read from here, and `APPIMAGE` to restart. */
  env: Record<string, string | undefined>;
  /** The app's command line, `process.argv`: a restart starts it the same way. */
  argv: readonly string[];
  platform: NodeJS.Platform;
  /** Path of the compiled preload (`dist/preload/index.cjs`). */
  preload: string;
  pages: BundledPagePaths;
  log: Logger;
}

/** What a started app exposes, for the shutdown path and for tests. */
export interface CounterApp {
  window: Electron.BrowserWindow;
  screens: CounterScreens;
  alerts: OrderAlerts;
  settings: SettingsStore;
}

export const APP_ID = 'org.kirana.counter';

/**
 * Starts the counter app: one window showing the seller screens of the configured server (or
 * the first-run page), a tray icon with the unread count and the Counter's connection, native
 * notifications with a sound for new orders and for a failed backup, packing-slip and receipt
 * printing (the receipts rendered here, so they print offline), and the checked IPC handlers
 * behind `window.kirana`.
 * Resolves to null when another instance already runs (it is brought to the front instead).
 */
export async function startCounterApp(
  electron: CounterElectron,
  options: CounterAppOptions,
): Promise<CounterApp | null> {
  const { app, BrowserWindow, Menu, nativeImage, net, Notification, screen, shell, Tray } =
    electron;
  const { log, platform } = options;

  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return null;
  }
  app.enableSandbox();
  // Windows shows notifications only for an app with an AppUserModelID; electron-builder gives
  // the installed shortcut the appId, so both must be the same.
  if (platform === 'win32') app.setAppUserModelId(APP_ID);

  // Read before `ready`: the server's origin goes on Chromium's command line, read as it starts.
  const settings = new SettingsStore(app.getPath('userData'), log);
  const serverOverride = overrideFrom(options.env, log);
  const treated = treatServerAsSecure(
    app.commandLine,
    serverOverride ?? settings.get().server,
    log,
  );
  await app.whenReady();
  const saved = settings.get().window;

  const icon = (size: number, alert: boolean) =>
    nativeImage.createFromBitmap(trayIconBitmap(size, alert), { width: size, height: size });
  const icons = { normal: icon(16, false), alert: icon(16, true) };

  const window = new BrowserWindow({
    ...counterWindowOptions(
      saved,
      screen.getAllDisplays().map((display) => display.workArea),
      options.preload,
    ),
    icon: icon(64, false),
  });
  const contents = window.webContents;
  const screens = new CounterScreens({
    contents,
    settings,
    fetch: (url, init) => net.fetch(url, init),
    pages: options.pages,
    serverOverride,
    log,
    onServerAnswers: (answers) => showConnection({ ...connection, serverAnswers: answers }),
    // A plain-http server saved after the start is a secure context only from the next start:
    // the app restarts itself into it, once the page has its answer.
    restartsFor(server) {
      if (!restartNeededFor(server, treated)) return false;
      log.info('server: restarting to treat the new server as a secure context', { server });
      setImmediate(() => {
        app.relaunch(relaunchOptions(options.env, options.argv));
        app.quit();
      });
      return true;
    },
  });
  const server = () => screens.server;

  // Every web contents the app ever makes, this window's and the hidden ones', stays put.
  app.on('web-contents-created', (_event, created) =>
    guardNavigation(created, server, (url) => shell.openExternal(url), log),
  );
  guardNavigation(contents, server, (url) => shell.openExternal(url), log);
  contents.session.setPermissionRequestHandler((_contents, permission, grant, details) =>
    grant(permissionGranted(permission, details.requestingUrl, server())),
  );
  contents.session.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    permissionGranted(permission, requestingOrigin, server()),
  );
  contents.on('did-fail-load', (_event, errorCode, _description, url, isMainFrame) =>
    screens.loadFailed(errorCode, url, isMainFrame),
  );
  contents.on('render-process-gone', (_event, details) => {
    log.error('window: the page crashed; reloading', { reason: details.reason });
    void screens.start();
  });

  const showWindow = () => {
    if (window.isDestroyed()) return;
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
  };

  const openOrders = () => {
    showWindow();
    void screens.openOrders();
  };

  // The Receipt printer page gets a window of its own, so a sale under way on the Counter
  // screen stays as it is; one at a time.
  let receiptPrinterWindow: Electron.BrowserWindow | null = null;
  const openReceiptPrinter = () => {
    // A window of a minimized parent does not show on every system.
    showWindow();
    if (receiptPrinterWindow !== null && !receiptPrinterWindow.isDestroyed()) {
      receiptPrinterWindow.show();
      receiptPrinterWindow.focus();
      return;
    }
    const opened = new BrowserWindow({
      ...receiptPrinterWindowOptions(options.preload),
      parent: window,
      icon: icon(64, false),
    });
    receiptPrinterWindow = opened;
    opened.once('ready-to-show', () => opened.show());
    opened.on('closed', () => {
      if (receiptPrinterWindow === opened) receiptPrinterWindow = null;
    });
    opened.webContents.loadFile(options.pages.receiptPrinter).catch((error: unknown) => {
      log.error('receipt printer: the page did not load', { error: String(error) });
      opened.destroy();
    });
  };

  const tray = new Tray(icons.normal);
  // What the tray says: the new orders' count, and the connection as the Counter and the app's
  // own checks find it.
  let unread = 0;
  let connection: TrayConnection = { counter: null, serverAnswers: true };
  const showConnection = (next: TrayConnection) => {
    connection = next;
    if (tray.isDestroyed()) return;
    const status = connectionStatus(connection);
    tray.setToolTip(trayToolTip(unread, status));
    tray.setContextMenu(Menu.buildFromTemplate(trayMenuTemplate(status, trayActions)));
  };
  const trayActions: TrayActions = {
    showWindow,
    openCounter: () => {
      showWindow();
      void screens.openCounter();
    },
    openOrders,
    openDashboard: () => {
      showWindow();
      void screens.openDashboard();
    },
    openReceiptPrinter,
  };
  tray.setToolTip(WINDOW_TITLE);
  tray.setContextMenu(Menu.buildFromTemplate(trayMenuTemplate(null, trayActions)));
  tray.on('click', showWindow);

  const chime = chimePlayer(
    () =>
      new BrowserWindow({
        show: false,
        webPreferences: {
          ...SECURE_WEB_PREFERENCES,
          autoplayPolicy: 'no-user-gesture-required',
          backgroundThrottling: false,
        },
      }),
    () => shell.beep(),
    log,
  );

  const notificationsWork = Notification.isSupported();
  const notify = (notice: OrderNotice, onClick: () => void, silent: boolean): ShownNotification => {
    if (!notificationsWork) return { close() {} };
    const notification = new Notification({ ...notice, silent });
    notification.on('click', onClick);
    notification.show();
    return notification;
  };
  const alerts = new OrderAlerts({
    // The app plays its own chime, repeated until the order is acknowledged.
    showNotification: (notice, onClick) => notify(notice, onClick, true),
    chime: () => chime.play(),
    onUnreadChange: (count) => {
      unread = count;
      showUnreadCount(count, {
        platform,
        app,
        tray: tray.isDestroyed() ? null : tray,
        window: window.isDestroyed() ? null : window,
        icons,
        status: connectionStatus(connection),
      });
    },
    openOrders,
  });

  const backupAlerts = new BackupAlerts({
    // Once, with the system's sound: no chime repeats for it.
    showNotification: (notice, onClick) => notify(notice, onClick, false),
    openBackups: () => {
      showWindow();
      void screens.openBackups();
    },
  });

  const createPrintWindow = () => new BrowserWindow({ ...PRINT_WINDOW_OPTIONS, parent: window });
  const receiptIo: ReceiptPrinterIo = {
    connect: ({ host, port }) => createConnection({ host, port }),
    spawn: (command, args) =>
      spawn(command, args, { shell: false, stdio: ['pipe', 'ignore', 'pipe'], windowsHide: true }),
    createPrintWindow,
  };

  const handlers: IpcHandlers = {
    newOrders(orders) {
      if (alerts.add(orders) > 0 && !window.isFocused()) window.flashFrame(true);
    },
    unacceptedOrder(order) {
      alerts.unaccepted(order);
      if (!window.isFocused()) window.flashFrame(true);
    },
    acknowledgeOrders(orderIds) {
      alerts.acknowledge(orderIds);
    },
    backupFailed(failure) {
      if (backupAlerts.failed(failure) && !window.isFocused()) window.flashFrame(true);
    },
    printPackingSlip: (order) => printPackingSlip(order, createPrintWindow),
    printCashReport: (report) => printCashReport(report, createPrintWindow),
    printReceipt: (request) =>
      printReceipt(request, { settings: settings.get(), platform, io: receiptIo }),
    receiptPrinter: () => receiptPrinterStatus(settings.get()),
    counterConnection: (counter) => showConnection({ ...connection, counter }),
    counterPreferences: () => counterPreferencesOf(settings.get()),
    saveCounterPreferences(preferences) {
      const saved = settings.update(preferences);
      log.info('settings: receipt printer saved', { ...receiptPrinterStatus(saved) });
      return receiptPrinterStatus(saved);
    },
    systemPrinters: async () => ({
      printers: (await contents.getPrintersAsync())
        .map(({ name, displayName }) => ({ name, label: displayName || name }))
        .sort((a, b) => a.label.localeCompare(b.label)),
      rawPrinting: platform !== 'win32',
    }),
    connectToServer: (address): Promise<ConnectResult> => screens.connect(address),
    currentServer: () => screens.server,
    retryConnection: () => screens.retry(),
    changeServer: () => screens.changeServer(),
  };
  registerIpcHandlers(
    electron.ipcMain,
    handlers,
    {
      serverOrigin: server,
      bundledPages: [options.pages.firstRun, options.pages.offline, options.pages.receiptPrinter],
      counterWindowId: () => (window.isDestroyed() ? null : contents.id),
      receiptPrinterWindowId: () =>
        receiptPrinterWindow === null || receiptPrinterWindow.isDestroyed()
          ? null
          : receiptPrinterWindow.webContents.id,
    },
    log,
  );

  window.once('ready-to-show', () => {
    if (saved?.maximized) window.maximize();
    window.show();
  });
  window.on('focus', () => window.flashFrame(false));
  window.on('close', () => {
    try {
      const { x, y, width, height } = window.getNormalBounds();
      const bounds = [x, y, width, height].map(Math.round) as [number, number, number, number];
      settings.update({
        window: {
          x: bounds[0],
          y: bounds[1],
          width: bounds[2],
          height: bounds[3],
          maximized: window.isMaximized(),
        },
      });
    } catch (error) {
      log.warn('settings: cannot save the window state', { error: String(error) });
    }
  });
  app.on('second-instance', showWindow);
  // The counter app is its window: closing it quits, on macOS too.
  app.on('window-all-closed', () => app.quit());
  app.on('before-quit', () => {
    screens.stop();
    alerts.dispose();
    chime.dispose();
    tray.destroy();
  });

  await screens.start();
  return { window, screens, alerts, settings };
}

function overrideFrom(env: Record<string, string | undefined>, log: Logger): string | null {
  const value = env.KIRANA_SERVER_URL;
  if (value === undefined || value.trim() === '') return null;
  const origin = serverOrigin(value);
  if (origin.ok) {
    log.info('server: using KIRANA_SERVER_URL; it is not saved', { server: origin.origin });
    return origin.origin;
  }
  log.error('server: KIRANA_SERVER_URL is not a server address; ignoring it', {
    value,
    reason: origin.message,
  });
  return null;
}
