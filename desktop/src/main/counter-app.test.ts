import { EventEmitter } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { receiptHtml } from '@kirana/shared';
import { receiptEscPos } from '@kirana/shared/receipt-escpos';
import { counterSale, receiptShop, recordingLogger, sellerOrder } from '../test/fixtures.js';
import { startCounterApp } from './counter-app.js';
import type { CounterApp, CounterElectron } from './counter-app.js';
import { FAILURES_BEFORE_UNREACHABLE, HEALTH_EVERY_MS } from './counter-screens.js';
import type { IpcEventLike } from './ipc.js';
import { SETTINGS_FILE, SettingsStore } from './settings.js';
import type { Settings } from './settings.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- EventEmitter listeners take any arguments
type Listener = (...args: any[]) => void;

/**
 * A stand-in for the parts of Electron the counter app uses, recording what the app does with
 * them. `up` holds the origins that answer: `/readyz` with `{ success: true }`, pages by loading.
 */
function fakeElectron(userData: string) {
  const up = new Set<string>();
  const appEvents = new EventEmitter();
  let webContentsIds = 0;

  const app = {
    requestSingleInstanceLock: vi.fn(() => true),
    quit: vi.fn(),
    exit: vi.fn(),
    enableSandbox: vi.fn(),
    setAppUserModelId: vi.fn(),
    whenReady: vi.fn(async () => {}),
    relaunch: vi.fn(),
    commandLine: { appendSwitch: vi.fn() },
    getPath: vi.fn((_name: string) => userData),
    setBadgeCount: vi.fn((_count?: number) => true),
    on: (event: string, listener: Listener) => appEvents.on(event, listener),
    emit: (event: string, ...args: unknown[]) => appEvents.emit(event, ...args),
  };

  class FakeWebContents extends EventEmitter {
    readonly id = (webContentsIds += 1);
    url = '';
    windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
    readonly session = {
      setPermissionRequestHandler: vi.fn(),
      setPermissionCheckHandler: vi.fn(),
    };
    readonly loadURL = vi.fn(async (url: string) => {
      this.url = url;
      if (url.startsWith('http') && !up.has(new URL(url).origin)) {
        throw Object.assign(new Error('ERR_CONNECTION_REFUSED (-102)'), { errno: -102 });
      }
    });
    readonly loadFile = vi.fn(async (path: string) => {
      this.url = pathToFileURL(path).href;
    });
    readonly executeJavaScript = vi.fn(async (_code: string): Promise<unknown> => undefined);
    readonly getPrintersAsync = vi.fn(async () => [
      { name: 'TVS_RP_3160', displayName: 'TVS RP 3160', description: '', options: {} },
      { name: 'HP_LaserJet', displayName: 'HP LaserJet', description: '', options: {} },
      { name: 'Cups-PDF', displayName: '', description: '', options: {} },
    ]);
    readonly print = vi.fn(
      (_options: unknown, callback: (success: boolean, reason: string) => void) =>
        callback(true, ''),
    );
    getURL() {
      return this.url;
    }
    setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
      this.windowOpenHandler = handler;
    }
    /** A renderer-started navigation; true when a guard blocked it. */
    navigate(url: string): boolean {
      let blocked = false;
      this.emit('will-navigate', {
        url,
        isMainFrame: true,
        preventDefault: () => (blocked = true),
      });
      return blocked;
    }
  }

  class FakeBrowserWindow extends EventEmitter {
    static readonly all: FakeBrowserWindow[] = [];
    readonly webContents = new FakeWebContents();
    destroyed = false;
    focused = false;
    maximized = false;
    readonly show = vi.fn();
    readonly focus = vi.fn(() => (this.focused = true));
    readonly restore = vi.fn();
    readonly maximize = vi.fn(() => (this.maximized = true));
    readonly flashFrame = vi.fn();
    readonly setOverlayIcon = vi.fn();
    readonly destroy = vi.fn(() => {
      this.destroyed = true;
      this.emit('closed');
    });
    normalBounds = { x: 40, y: 30, width: 1300, height: 850 };

    constructor(readonly options: Record<string, unknown>) {
      super();
      FakeBrowserWindow.all.push(this);
      appEvents.emit('web-contents-created', {}, this.webContents);
    }
    loadURL(url: string) {
      return this.webContents.loadURL(url);
    }
    isDestroyed() {
      return this.destroyed;
    }
    isMinimized() {
      return false;
    }
    isFocused() {
      return this.focused;
    }
    isMaximized() {
      return this.maximized;
    }
    getNormalBounds() {
      return this.normalBounds;
    }
  }

  const ipcHandlers = new Map<string, (event: IpcEventLike, ...args: unknown[]) => unknown>();
  const ipcMain = {
    handle: (channel: string, listener: (event: IpcEventLike, ...args: unknown[]) => unknown) =>
      void ipcHandlers.set(channel, listener),
    removeHandler: (channel: string) => void ipcHandlers.delete(channel),
  };

  class FakeNotification extends EventEmitter {
    static readonly all: FakeNotification[] = [];
    static isSupported() {
      return true;
    }
    readonly show = vi.fn();
    readonly close = vi.fn();
    constructor(readonly options: { title: string; body: string; silent?: boolean }) {
      super();
      FakeNotification.all.push(this);
    }
  }

  class FakeTray extends EventEmitter {
    static readonly all: FakeTray[] = [];
    readonly setToolTip = vi.fn();
    readonly setTitle = vi.fn();
    readonly setImage = vi.fn();
    readonly setContextMenu = vi.fn();
    readonly destroy = vi.fn();
    constructor(readonly image: unknown) {
      super();
      FakeTray.all.push(this);
    }
    isDestroyed() {
      return false;
    }
  }

  const net = {
    fetch: vi.fn(async (url: string, _init?: RequestInit) => {
      if (!up.has(new URL(url).origin)) throw new TypeError('fetch failed');
      return new Response(JSON.stringify({ success: true }), { status: 200 });
    }),
  };

  const electron = {
    app,
    BrowserWindow: FakeBrowserWindow,
    ipcMain,
    Menu: { buildFromTemplate: vi.fn((template: unknown[]) => ({ template })) },
    nativeImage: {
      createFromBitmap: vi.fn((bitmap: Buffer, size: { width: number }) => ({ bitmap, size })),
    },
    net,
    Notification: FakeNotification,
    screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] },
    shell: { openExternal: vi.fn(async (_url: string) => {}), beep: vi.fn() },
    Tray: FakeTray,
  };

  /** Sends an IPC message as the counter window's top frame showing `url`. */
  async function invoke(channel: string, url: string, ...args: unknown[]): Promise<unknown> {
    return invokeFrom(FakeBrowserWindow.all[0]!, channel, url, ...args);
  }

  /** Sends an IPC message as `window`'s top frame showing `url`. */
  async function invokeFrom(
    window: FakeBrowserWindow,
    channel: string,
    url: string,
    ...args: unknown[]
  ): Promise<unknown> {
    const handler = ipcHandlers.get(channel);
    if (!handler) throw new Error(`no handler for ${channel}`);
    const origin = url.startsWith('file:') ? 'file://' : new URL(url).origin;
    return handler(
      { sender: window.webContents, senderFrame: { origin, url, parent: null } },
      ...args,
    );
  }

  return {
    electron: electron as unknown as CounterElectron,
    fake: electron,
    up,
    invoke,
    invokeFrom,
    windows: FakeBrowserWindow.all,
    notifications: FakeNotification.all,
    trays: FakeTray.all,
  };
}

/** The tray menu's item labelled `label`. */
function trayItem(fake: ReturnType<typeof fakeElectron>['fake'], label: string) {
  const [template] = fake.Menu.buildFromTemplate.mock.calls.at(-1)! as [
    { label?: string; click?: () => void }[],
  ];
  const item = template.find((entry) => entry.label === label);
  if (!item) throw new Error(`no tray menu item ${label}`);
  return item;
}

const SERVER = 'http://192.168.1.20:4000';
/** A sale made without a connection, bill 5 of this counter's series, and its receipt's shop. */
const RECEIPT = {
  sale: counterSale({
    number: 0,
    invoice: { number: 'C1/26-27/5', series: 'C1', date: '2026-11-27', kind: 'bill' },
  }),
  shop: receiptShop,
  cash: true,
};
const PAGES = {
  firstRun: '/app/src/pages/first-run.html',
  offline: '/app/src/pages/offline.html',
  receiptPrinter: '/app/src/pages/receipt-printer.html',
};
const FIRST_RUN_URL = pathToFileURL(PAGES.firstRun).href;
const RECEIPT_PRINTER_URL = pathToFileURL(PAGES.receiptPrinter).href;

let userData: string;
let started: CounterApp | null = null;
beforeEach(() => {
  userData = mkdtempSync(join(tmpdir(), 'kirana-app-'));
});
afterEach(() => {
  started?.screens.stop();
  started?.alerts.dispose();
  started = null;
  rmSync(userData, { recursive: true, force: true });
});

async function start(
  options: {
    saved?: string;
    settings?: Partial<Settings>;
    env?: Record<string, string>;
    argv?: string[];
    platform?: NodeJS.Platform;
  } = {},
) {
  if (options.saved || options.settings) {
    new SettingsStore(userData, recordingLogger()).update({
      ...(options.saved ? { server: options.saved } : {}),
      ...options.settings,
    });
  }
  const world = fakeElectron(userData);
  world.up.add(SERVER);
  const log = recordingLogger();
  started = await startCounterApp(world.electron, {
    env: options.env ?? {},
    argv: options.argv ?? ['/app/kirana-counter'],
    platform: options.platform ?? 'linux',
    preload: '/app/dist/preload/index.cjs',
    pages: PAGES,
    log,
  });
  const window = world.windows[0]!;
  return { ...world, window, log, app: started };
}

describe('counter app', () => {
  test('the window is sandboxed, isolated, without Node, with the preload, and its pages cannot leave the server', async () => {
    const { window, fake } = await start({ saved: SERVER });
    expect(fake.app.enableSandbox).toHaveBeenCalled();
    expect(window.options.webPreferences).toMatchObject({
      preload: '/app/dist/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    });
    expect(window.webContents.navigate(`${SERVER}/seller/agents`)).toBe(false);
    expect(window.webContents.navigate('https://evil.example/')).toBe(true);
    expect(window.webContents.windowOpenHandler!({ url: `${SERVER}/seller` })).toEqual({
      action: 'deny',
    });
    expect(window.webContents.windowOpenHandler!({ url: 'https://docs.example/' })).toEqual({
      action: 'deny',
    });
    expect(fake.shell.openExternal).toHaveBeenCalledWith('https://docs.example/');
  });

  test('new orders: a notification each, badge and tray count; a repeat is ignored; acknowledging lowers the count; a click opens the orders', async () => {
    const { window, invoke, notifications, fake, trays } = await start({ saved: SERVER });
    const page = `${SERVER}/seller/orders`;
    const first = sellerOrder({ amount: 245 });
    const second = sellerOrder({ amount: 80 });

    await invoke('kirana:newOrders', page, [first, second]);
    expect(notifications.map((n) => n.options)).toEqual([
      { title: 'New order', body: '₹245.00 · 2 items', silent: true },
      { title: 'New order', body: '₹80.00 · 2 items', silent: true },
    ]);
    expect(notifications.every((n) => n.show.mock.calls.length === 1)).toBe(true);
    expect(fake.app.setBadgeCount).toHaveBeenLastCalledWith(2);
    expect(trays[0]!.setToolTip).toHaveBeenLastCalledWith('Kirana Counter: 2 new orders');
    expect(trays[0]!.setTitle).toHaveBeenLastCalledWith('2');
    expect(window.flashFrame).toHaveBeenCalledWith(true);

    await invoke('kirana:newOrders', page, [first]);
    expect(notifications).toHaveLength(2);

    await invoke('kirana:acknowledgeOrders', page, [first._id]);
    expect(fake.app.setBadgeCount).toHaveBeenLastCalledWith(1);
    expect(notifications[0]!.close).toHaveBeenCalled();

    await window.webContents.loadURL(`${SERVER}/seller/product-list`);
    notifications[1]!.emit('click');
    expect(window.show).toHaveBeenCalled();
    expect(window.focus).toHaveBeenCalled();
    await vi.waitFor(() => expect(window.webContents.url).toBe(`${SERVER}/seller/orders`));
  });

  test('a new-order message from another origin is refused and raises nothing', async () => {
    const { invoke, notifications, fake, log } = await start({ saved: SERVER });
    await expect(
      invoke('kirana:newOrders', 'https://evil.example/seller', [sellerOrder()]),
    ).rejects.toThrow('refused');
    expect(notifications).toHaveLength(0);
    expect(fake.app.setBadgeCount).not.toHaveBeenCalled();
    expect(log.entries).toContainEqual(
      expect.objectContaining({ message: 'ipc: refused a message from an untrusted sender' }),
    );
  });

  test('a failed backup: one notification with the system’s sound, flashing the window; a click opens Backups; another origin is refused', async () => {
    const { window, invoke, notifications } = await start({ saved: SERVER });
    const page = `${SERVER}/seller/orders`;
    const failure = { at: '2025-06-01T08:00:00.000Z', message: 'pg_dump: error: disk full\nmore' };

    await expect(
      invoke('kirana:backupFailed', 'https://evil.example/seller', failure),
    ).rejects.toThrow('refused');
    expect(notifications).toHaveLength(0);

    await invoke('kirana:backupFailed', page, failure);
    await invoke('kirana:backupFailed', page, failure);
    expect(notifications.map((n) => n.options)).toEqual([
      { title: 'Backup failed', body: 'pg_dump: error: disk full', silent: false },
    ]);
    expect(notifications[0]!.show).toHaveBeenCalledTimes(1);
    expect(window.flashFrame).toHaveBeenCalledWith(true);

    notifications[0]!.emit('click');
    expect(window.show).toHaveBeenCalled();
    await vi.waitFor(() => expect(window.webContents.url).toBe(`${SERVER}/seller/backups`));
  });

  test('a packing slip prints from a hidden, script-less window that is closed afterwards', async () => {
    const { invoke, windows } = await start({ saved: SERVER });
    const order = sellerOrder();
    await expect(
      invoke('kirana:printPackingSlip', `${SERVER}/seller/orders`, order),
    ).resolves.toEqual({ printed: true });
    const printWindow = windows.find((w) => w.webContents.print.mock.calls.length > 0)!;
    expect(printWindow.options).toMatchObject({
      show: false,
      webPreferences: { javascript: false, sandbox: true },
    });
    expect(printWindow.webContents.url).toMatch(/^data:text\/html;charset=utf-8,/);
    expect(decodeURIComponent(printWindow.webContents.url)).toContain(order._id);
    expect(printWindow.destroy).toHaveBeenCalled();
  });

  test('a receipt prints on the system printer picked in the settings: rendered in the app, printed as a page without a dialog', async () => {
    const { invoke, windows } = await start({
      saved: SERVER,
      settings: { receiptPrinter: { kind: 'system', name: 'TVS_RP_3160', mode: 'page' } },
    });
    const page = `${SERVER}/seller/counter`;
    await expect(invoke('kirana:receiptPrinter', page)).resolves.toEqual({
      configured: true,
      label: 'TVS_RP_3160 · 80 mm',
    });
    await expect(invoke('kirana:printReceipt', page, RECEIPT)).resolves.toEqual({ printed: true });
    const printWindow = windows.find((w) => w.webContents.print.mock.calls.length > 0)!;
    expect(printWindow.options).toMatchObject({
      show: false,
      webPreferences: { javascript: false, sandbox: true },
    });
    expect(decodeURIComponent(printWindow.webContents.url)).toContain(
      receiptHtml(RECEIPT.sale, RECEIPT.shop, 80),
    );
    expect(printWindow.webContents.print.mock.calls[0]![0]).toMatchObject({
      silent: true,
      deviceName: 'TVS_RP_3160',
    });
    expect(printWindow.destroy).toHaveBeenCalled();
  });

  test('a cash sale’s receipt goes to the network printer over TCP with the drawer pulse asked for', async () => {
    const received: Buffer[] = [];
    const printer = createServer((connection) => {
      connection.on('data', (chunk: Buffer) => received.push(chunk));
      connection.on('end', () => connection.end());
    });
    await new Promise<void>((listening) => printer.listen(0, '127.0.0.1', listening));
    try {
      const { port } = printer.address() as AddressInfo;
      const { invoke } = await start({
        saved: SERVER,
        settings: {
          receiptPrinter: { kind: 'network', host: '127.0.0.1', port },
          receiptWidth: 58,
          openDrawerOnCash: true,
        },
      });
      const closed = new Promise<void>((done) =>
        printer.once('connection', (connection) => connection.on('close', done)),
      );
      await expect(
        invoke('kirana:printReceipt', `${SERVER}/seller/counter`, RECEIPT),
      ).resolves.toEqual({ printed: true });
      await closed;
      expect(Buffer.concat(received)).toEqual(
        Buffer.from(receiptEscPos(RECEIPT.sale, RECEIPT.shop, { width: 58, drawer: true })),
      );
    } finally {
      await new Promise((done) => printer.close(done));
    }
  });

  test('with no receipt printer set, printing a receipt says where to choose one', async () => {
    const { invoke, windows } = await start({ saved: SERVER });
    const page = `${SERVER}/seller/counter`;
    await expect(invoke('kirana:receiptPrinter', page)).resolves.toEqual({
      configured: false,
      label: null,
    });
    await expect(invoke('kirana:printReceipt', page, { ...RECEIPT, cash: false })).resolves.toEqual(
      {
        printed: false,
        reason: 'No receipt printer is set: choose one from the tray menu, Receipt printer…',
      },
    );
    expect(windows.some((w) => w.webContents.print.mock.calls.length > 0)).toBe(false);
  });

  test('the tray says the Counter’s connection as the Counter tells it: its tooltip, and a first menu item that does nothing', async () => {
    const { invoke, fake, trays } = await start({ saved: SERVER });
    const page = `${SERVER}/seller/counter`;
    expect(trays[0]!.setToolTip).toHaveBeenLastCalledWith('Kirana Counter');
    expect(() => trayItem(fake, 'Online')).toThrow('no tray menu item');

    await invoke('kirana:counterConnection', page, { offline: true, waiting: 3 });
    expect(trays[0]!.setToolTip).toHaveBeenLastCalledWith(
      'Kirana Counter: Offline — 3 bills wait to be sent',
    );
    const [template] = fake.Menu.buildFromTemplate.mock.calls.at(-1)! as [
      { label?: string; enabled?: boolean; type?: string }[],
    ];
    expect(template[0]).toEqual({ label: 'Offline — 3 bills wait to be sent', enabled: false });
    expect(template[1]).toEqual({ type: 'separator' });
    expect(trays[0]!.setContextMenu).toHaveBeenLastCalledWith({ template });

    // New orders and the connection share the tooltip.
    await invoke('kirana:newOrders', `${SERVER}/seller/orders`, [sellerOrder()]);
    expect(trays[0]!.setToolTip).toHaveBeenLastCalledWith(
      'Kirana Counter: 1 new order · Offline — 3 bills wait to be sent',
    );
    await invoke('kirana:counterConnection', page, { offline: false, waiting: 2 });
    expect(trays[0]!.setToolTip).toHaveBeenLastCalledWith(
      'Kirana Counter: 1 new order · Online — sending 2 bills',
    );
    expect(trayItem(fake, 'Online — sending 2 bills')).toMatchObject({ enabled: false });
    // The rest of the menu is as it was.
    trayItem(fake, 'Counter').click!();
    await vi.waitFor(() => expect(started!.window.webContents.getURL()).toBe(page));
  });

  test('the tray menu’s Counter shows the window on the Counter screen; set to open at start, the app opens there', async () => {
    const { window, fake } = await start({ saved: SERVER });
    expect(window.webContents.url).toBe(`${SERVER}/seller`);
    trayItem(fake, 'Counter').click!();
    expect(window.show).toHaveBeenCalled();
    await vi.waitFor(() => expect(window.webContents.url).toBe(`${SERVER}/seller/counter`));
    started!.screens.stop();

    const next = await start({ settings: { openCounterAtStart: true } });
    expect(next.window.webContents.url).toBe(`${SERVER}/seller/counter`);
  });

  test('the tray menu’s Receipt printer… opens its page in one secure window of its own, which reads, lists and saves the printer', async () => {
    const { window, windows, fake, invoke, invokeFrom } = await start({ saved: SERVER });
    const item = trayItem(fake, 'Receipt printer…');
    item.click!();
    const opened = windows.at(-1)!;
    expect(opened).not.toBe(window);
    expect(opened.options).toMatchObject({
      parent: window,
      show: false,
      webPreferences: {
        preload: '/app/dist/preload/index.cjs',
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
      },
    });
    expect(opened.webContents.loadFile).toHaveBeenCalledWith(PAGES.receiptPrinter);
    opened.emit('ready-to-show');
    expect(opened.show).toHaveBeenCalled();
    // The counter window's screen is left as it was.
    expect(window.webContents.url).toBe(`${SERVER}/seller`);

    await expect(
      invokeFrom(opened, 'kirana:counterPreferences', RECEIPT_PRINTER_URL),
    ).resolves.toEqual({
      receiptPrinter: { kind: 'none' },
      receiptWidth: 80,
      openDrawerOnCash: false,
      openCounterAtStart: false,
    });
    await expect(invokeFrom(opened, 'kirana:systemPrinters', RECEIPT_PRINTER_URL)).resolves.toEqual(
      {
        printers: [
          { name: 'Cups-PDF', label: 'Cups-PDF' },
          { name: 'HP_LaserJet', label: 'HP LaserJet' },
          { name: 'TVS_RP_3160', label: 'TVS RP 3160' },
        ],
        rawPrinting: true,
      },
    );
    const preferences = {
      receiptPrinter: { kind: 'system', name: 'TVS_RP_3160', mode: 'escpos' },
      receiptWidth: 58,
      openDrawerOnCash: true,
      openCounterAtStart: true,
    };
    await expect(
      invokeFrom(opened, 'kirana:saveCounterPreferences', RECEIPT_PRINTER_URL, preferences),
    ).resolves.toEqual({ configured: true, label: 'TVS_RP_3160 · 58 mm' });
    expect(JSON.parse(readFileSync(join(userData, SETTINGS_FILE), 'utf8'))).toMatchObject({
      server: SERVER,
      ...preferences,
    });
    // The Counter screen sees the new printer at once.
    await expect(invoke('kirana:receiptPrinter', `${SERVER}/seller/counter`)).resolves.toEqual({
      configured: true,
      label: 'TVS_RP_3160 · 58 mm',
    });

    // Once open, the menu brings the same window forward.
    item.click!();
    expect(windows.at(-1)).toBe(opened);
    expect(opened.focus).toHaveBeenCalled();

    // Closed, its page can no longer call; the next click opens a new one.
    opened.destroy();
    await expect(
      invokeFrom(opened, 'kirana:counterPreferences', RECEIPT_PRINTER_URL),
    ).rejects.toThrow('refused');
    item.click!();
    expect(windows.at(-1)).not.toBe(opened);
  });

  test('on Windows, system printers cannot take ESC/POS as it is', async () => {
    const { windows, fake, invokeFrom } = await start({ saved: SERVER, platform: 'win32' });
    trayItem(fake, 'Receipt printer…').click!();
    await expect(
      invokeFrom(windows.at(-1)!, 'kirana:systemPrinters', RECEIPT_PRINTER_URL),
    ).resolves.toMatchObject({ rawPrinting: false });
  });

  test('the window state is saved on close and restored on the next start', async () => {
    const first = await start({ saved: SERVER });
    first.window.maximized = true;
    first.window.emit('close');
    first.app!.screens.stop();

    const next = await start();
    expect(next.window.options).toMatchObject({ x: 40, y: 30, width: 1300, height: 850 });
    next.window.emit('ready-to-show');
    expect(next.window.maximize).toHaveBeenCalled();
    expect(next.window.show).toHaveBeenCalled();
  });

  test('KIRANA_SERVER_URL opens that server without saving it', async () => {
    const { window } = await start({ env: { KIRANA_SERVER_URL: `${SERVER}/` } });
    expect(window.webContents.url).toBe(`${SERVER}/seller`);
    expect(new SettingsStore(userData, recordingLogger()).get().server).toBeNull();
  });

  test('a second instance quits at once and brings the first one forward', async () => {
    const world = fakeElectron(userData);
    world.fake.app.requestSingleInstanceLock.mockReturnValueOnce(false);
    await expect(
      startCounterApp(world.electron, {
        env: {},
        argv: ['/p'],
        platform: 'linux',
        preload: '/p',
        pages: PAGES,
        log: recordingLogger(),
      }),
    ).resolves.toBeNull();
    expect(world.fake.app.quit).toHaveBeenCalled();
    expect(world.windows).toHaveLength(0);

    const first = await start({ saved: SERVER });
    first.window.show.mockClear();
    first.fake.app.emit('second-instance');
    expect(first.window.show).toHaveBeenCalled();
  });

  test('Windows gets an app id for its notifications', async () => {
    const { fake } = await start({ saved: SERVER, platform: 'win32' });
    expect(fake.app.setAppUserModelId).toHaveBeenCalledWith('org.kirana.counter');
  });
});

describe('the counter app and its server', () => {
  test('first run: the first-run page connects, the address is saved, and the app restarts to open its plain-http server as a secure context', async () => {
    const { window, invoke, fake, log } = await start();
    expect(window.webContents.url).toBe(FIRST_RUN_URL);
    expect(fake.app.commandLine.appendSwitch).not.toHaveBeenCalled();
    await expect(invoke('kirana:currentServer', FIRST_RUN_URL)).resolves.toBeNull();
    await expect(
      invoke('kirana:connectToServer', FIRST_RUN_URL, 'http://10.0.0.9:4000'),
    ).resolves.toEqual({ ok: false, message: 'Cannot reach http://10.0.0.9:4000' });
    expect(fake.app.relaunch).not.toHaveBeenCalled();
    await expect(
      invoke('kirana:connectToServer', FIRST_RUN_URL, '192.168.1.20:4000'),
    ).resolves.toEqual({ ok: true, server: SERVER });
    expect(JSON.parse(readFileSync(join(userData, SETTINGS_FILE), 'utf8'))).toMatchObject({
      server: SERVER,
    });
    await vi.waitFor(() => expect(fake.app.quit).toHaveBeenCalled());
    expect(fake.app.relaunch).toHaveBeenCalledWith({});
    expect(window.webContents.url).toBe(FIRST_RUN_URL);
    expect(log.entries).toContainEqual(
      expect.objectContaining({
        message: 'server: restarting to treat the new server as a secure context',
      }),
    );

    // The next start treats it as secure and opens it.
    const next = await start();
    expect(next.fake.app.commandLine.appendSwitch).toHaveBeenCalledWith(
      'unsafely-treat-insecure-origin-as-secure',
      SERVER,
    );
    expect(next.window.webContents.url).toBe(`${SERVER}/seller`);
  });

  test('first run with a server on this computer: no restart, the seller screens open', async () => {
    const { window, invoke, fake, up } = await start();
    up.add('http://localhost:4000');
    await expect(
      invoke('kirana:connectToServer', FIRST_RUN_URL, 'localhost:4000'),
    ).resolves.toEqual({ ok: true, server: 'http://localhost:4000' });
    await vi.waitFor(() => expect(window.webContents.url).toBe('http://localhost:4000/seller'));
    expect(fake.app.relaunch).not.toHaveBeenCalled();
    expect(fake.app.quit).not.toHaveBeenCalled();
  });

  test('inside an AppImage the restart starts the AppImage again', async () => {
    const { invoke, fake } = await start({
      env: { APPIMAGE: '/home/shop/Kirana-Counter.AppImage' },
      argv: ['/tmp/.mount_Kirana/kirana-counter', '--some-flag'],
    });
    await invoke('kirana:connectToServer', FIRST_RUN_URL, SERVER);
    await vi.waitFor(() => expect(fake.app.quit).toHaveBeenCalled());
    expect(fake.app.relaunch).toHaveBeenCalledWith({
      execPath: '/home/shop/Kirana-Counter.AppImage',
      args: ['--some-flag'],
    });
  });

  test('a saved plain-http server is treated as a secure context, set before the app is ready, and logged', async () => {
    const { fake, log } = await start({ saved: SERVER });
    expect(fake.app.commandLine.appendSwitch).toHaveBeenCalledExactlyOnceWith(
      'unsafely-treat-insecure-origin-as-secure',
      SERVER,
    );
    expect(fake.app.commandLine.appendSwitch.mock.invocationCallOrder[0]).toBeLessThan(
      fake.app.whenReady.mock.invocationCallOrder[0]!,
    );
    expect(log.entries).toContainEqual({
      level: 'info',
      message: 'server: plain http, treated as a secure context for the offline Counter',
      details: { server: SERVER },
    });
  });

  test.each(['https://shop.example', 'http://localhost:4000', 'http://127.0.0.1:4000'])(
    'a server at %s is a secure context already: no switch',
    async (server) => {
      const { fake } = await start({ saved: server });
      expect(fake.app.commandLine.appendSwitch).not.toHaveBeenCalled();
    },
  );

  test('KIRANA_SERVER_URL is the origin treated as secure, not the saved one', async () => {
    const { fake } = await start({
      saved: 'http://192.168.1.99:4000',
      env: { KIRANA_SERVER_URL: `${SERVER}/` },
    });
    expect(fake.app.commandLine.appendSwitch).toHaveBeenCalledExactlyOnceWith(
      'unsafely-treat-insecure-origin-as-secure',
      SERVER,
    );
  });

  test('a server that stops answering keeps the seller screens; the tray says it is unreachable until it answers again', async () => {
    vi.useFakeTimers();
    try {
      const { window, up, trays, fake, invoke } = await start({ saved: SERVER });
      const page = `${SERVER}/seller/counter`;
      await window.webContents.loadURL(page);
      await invoke('kirana:counterConnection', page, { offline: false, waiting: 0 });
      expect(trays[0]!.setToolTip).toHaveBeenLastCalledWith('Kirana Counter: Online');

      up.delete(SERVER);
      await vi.advanceTimersByTimeAsync(HEALTH_EVERY_MS * FAILURES_BEFORE_UNREACHABLE);
      expect(started!.screens.screen).toBe('seller');
      expect(window.webContents.url).toBe(page);
      expect(window.webContents.loadFile).not.toHaveBeenCalled();
      expect(trays[0]!.setToolTip).toHaveBeenLastCalledWith('Kirana Counter: Server unreachable');
      expect(trayItem(fake, 'Server unreachable')).toMatchObject({ enabled: false });

      // The Counter's own word, with its waiting bills, is the better one.
      await invoke('kirana:counterConnection', page, { offline: true, waiting: 2 });
      expect(trays[0]!.setToolTip).toHaveBeenLastCalledWith(
        'Kirana Counter: Offline — 2 bills wait to be sent',
      );

      up.add(SERVER);
      await vi.advanceTimersByTimeAsync(HEALTH_EVERY_MS);
      await invoke('kirana:counterConnection', page, { offline: false, waiting: 2 });
      expect(trays[0]!.setToolTip).toHaveBeenLastCalledWith(
        'Kirana Counter: Online — sending 2 bills',
      );
      expect(window.webContents.url).toBe(page);
    } finally {
      started?.screens.stop();
      vi.useRealTimers();
    }
  });
});
