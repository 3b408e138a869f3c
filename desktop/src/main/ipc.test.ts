import { describe, expect, test, vi } from 'vitest';
import { IPC_METHODS } from '../ipc-contract.js';
import { counterSale, receiptShop, recordingLogger, sellerOrder } from '../test/fixtures.js';
import { registerIpcHandlers, senderRefusal } from './ipc.js';
import type { IpcEventLike, IpcHandlers, IpcMainLike, SenderPolicy } from './ipc.js';

const SERVER = 'http://192.168.1.20:4000';
const FIRST_RUN_PATH = '/opt/Kirana Counter/resources/app.asar/src/pages/first-run.html';
const FIRST_RUN = 'file:///opt/Kirana%20Counter/resources/app.asar/src/pages/first-run.html';
const WINDOW_ID = 7;
const RECEIPT_PRINTER_PATH =
  '/opt/Kirana Counter/resources/app.asar/src/pages/receipt-printer.html';
const RECEIPT_PRINTER =
  'file:///opt/Kirana%20Counter/resources/app.asar/src/pages/receipt-printer.html';
const RECEIPT_PRINTER_WINDOW_ID = 9;
const PREFERENCES = {
  receiptPrinter: { kind: 'network', host: '192.168.1.50', port: 9100 },
  receiptWidth: 80,
  openDrawerOnCash: true,
  openCounterAtStart: false,
} as const;

type Listener = (event: IpcEventLike, ...args: unknown[]) => unknown;

function setup(server: string | null = SERVER) {
  const listeners = new Map<string, Listener>();
  const ipcMain: IpcMainLike = {
    handle: (channel, listener) => void listeners.set(channel, listener),
    removeHandler: (channel) => void listeners.delete(channel),
  };
  const handlers = {
    newOrders: vi.fn(),
    unacceptedOrder: vi.fn(),
    acknowledgeOrders: vi.fn(),
    backupFailed: vi.fn(),
    printPackingSlip: vi.fn(async () => ({ printed: true as const })),
    printCashReport: vi.fn(async () => ({ printed: true as const })),
    printReceipt: vi.fn(async () => ({ printed: true as const })),
    receiptPrinter: vi.fn(() => ({ configured: true, label: 'TVS RP 3160 · 80 mm' })),
    counterConnection: vi.fn(),
    connectToServer: vi.fn(async () => ({ ok: true as const, server: SERVER })),
    currentServer: vi.fn(() => server),
    retryConnection: vi.fn(async () => ({ ok: false as const, message: 'down' })),
    changeServer: vi.fn(async () => {}),
    counterPreferences: vi.fn(() => ({ ...PREFERENCES })),
    saveCounterPreferences: vi.fn(() => ({ configured: true, label: '192.168.1.50:9100 · 80 mm' })),
    systemPrinters: vi.fn(async () => ({ printers: [], rawPrinting: true })),
  } satisfies IpcHandlers;
  const policy: SenderPolicy = {
    serverOrigin: () => server,
    bundledPages: [FIRST_RUN_PATH, RECEIPT_PRINTER_PATH],
    counterWindowId: () => WINDOW_ID,
    receiptPrinterWindowId: () => RECEIPT_PRINTER_WINDOW_ID,
  };
  const log = recordingLogger();
  const remove = registerIpcHandlers(ipcMain, handlers, policy, log);
  const send = (channel: string, event: IpcEventLike, ...args: unknown[]) => {
    const listener = listeners.get(channel);
    if (!listener) throw new Error(`no handler for ${channel}`);
    return Promise.resolve(listener(event, ...args));
  };
  return { listeners, handlers, log, remove, send };
}

/** An IPC event from the counter window's top frame at `url`. */
function from(url: string, changes: Partial<IpcEventLike> = {}): IpcEventLike {
  const origin = url.startsWith('file:') ? 'file://' : new URL(url).origin;
  return { sender: { id: WINDOW_ID }, senderFrame: { origin, url, parent: null }, ...changes };
}

/** An IPC event from the Receipt printer window's top frame at `url`. */
const fromReceiptPrinterWindow = (url: string) =>
  from(url, { sender: { id: RECEIPT_PRINTER_WINDOW_ID } });

describe('IPC handlers', () => {
  test('every contract method gets a handler on its kirana: channel, and can be removed', () => {
    const { listeners, remove } = setup();
    expect([...listeners.keys()].sort()).toEqual(IPC_METHODS.map((m) => `kirana:${m}`).sort());
    remove();
    expect(listeners.size).toBe(0);
  });

  test('a seller-screen message from the server origin with valid arguments reaches its handler', async () => {
    const { send, handlers, log } = setup();
    const order = sellerOrder();
    await expect(send('kirana:newOrders', from(`${SERVER}/seller/orders`), [order])).resolves.toBe(
      undefined,
    );
    expect(handlers.newOrders).toHaveBeenCalledWith([order]);
    await expect(
      send('kirana:printPackingSlip', from(`${SERVER}/seller/orders`), order),
    ).resolves.toEqual({ printed: true });
    const failure = { at: '2025-06-01T08:00:00.000Z', message: 'pg_dump: error: disk full' };
    await send('kirana:backupFailed', from(`${SERVER}/seller/backups`), failure);
    expect(handlers.backupFailed).toHaveBeenCalledWith(failure);
    expect(log.entries).toEqual([]);
  });

  test('a message from another origin is refused and logged, and its handler never runs', async () => {
    const { send, handlers, log } = setup();
    await expect(
      send('kirana:newOrders', from('https://evil.example/seller'), [sellerOrder()]),
    ).rejects.toThrow('kirana:newOrders refused');
    // Same host, another port is another origin.
    await expect(
      send('kirana:acknowledgeOrders', from('http://192.168.1.20:4001/seller'), ['a']),
    ).rejects.toThrow('refused');
    expect(handlers.newOrders).not.toHaveBeenCalled();
    expect(handlers.acknowledgeOrders).not.toHaveBeenCalled();
    expect(log.entries).toEqual([
      expect.objectContaining({
        level: 'warn',
        message: 'ipc: refused a message from an untrusted sender',
        details: expect.objectContaining({
          channel: 'kirana:newOrders',
          url: 'https://evil.example/seller',
        }),
      }),
      expect.objectContaining({
        level: 'warn',
        details: expect.objectContaining({ channel: 'kirana:acknowledgeOrders' }),
      }),
    ]);
  });

  test('a subframe, a vanished frame or another window is refused even on the server origin', async () => {
    const { send, handlers, log } = setup();
    const page = from(`${SERVER}/seller`);
    const subframe = from(`${SERVER}/seller`);
    subframe.senderFrame = { ...subframe.senderFrame!, parent: {} };
    await expect(send('kirana:acknowledgeOrders', subframe, ['a'])).rejects.toThrow('refused');
    await expect(
      send('kirana:acknowledgeOrders', { ...page, senderFrame: null }, ['a']),
    ).rejects.toThrow('refused');
    await expect(
      send('kirana:acknowledgeOrders', { ...page, sender: { id: WINDOW_ID + 1 } }, ['a']),
    ).rejects.toThrow('refused');
    expect(handlers.acknowledgeOrders).not.toHaveBeenCalled();
    expect(log.entries.map((entry) => (entry.details as { reason: string }).reason)).toEqual([
      'sent from a subframe',
      'the sending frame is gone',
      'not the counter window',
    ]);
  });

  test('a frame whose reported origin differs from its URL is refused', () => {
    const event = from(`${SERVER}/seller`);
    event.senderFrame = { ...event.senderFrame!, origin: 'null' };
    expect(
      senderRefusal(event, 'seller-screens', {
        serverOrigin: () => SERVER,
        bundledPages: [],
        counterWindowId: () => WINDOW_ID,
        receiptPrinterWindowId: () => null,
      }),
    ).toBe(`origin is not ${SERVER}`);
  });

  test('messages with bad arguments are refused and logged', async () => {
    const { send, handlers, log } = setup();
    const page = from(`${SERVER}/seller/orders`);
    const { amount: _amount, ...withoutAmount } = sellerOrder();
    const cases: [string, unknown[]][] = [
      ['kirana:newOrders', []],
      ['kirana:newOrders', ['not a list']],
      ['kirana:newOrders', [[withoutAmount]]],
      ['kirana:newOrders', [[sellerOrder()], 'extra']],
      ['kirana:newOrders', [Array.from({ length: 201 }, () => sellerOrder())]],
      ['kirana:acknowledgeOrders', [[42]]],
      ['kirana:acknowledgeOrders', [['']]],
      ['kirana:printPackingSlip', [{ _id: 'x' }]],
      ['kirana:backupFailed', [{ at: 'yesterday', message: 'disk full' }]],
      ['kirana:backupFailed', [{ at: '2025-06-01T08:00:00.000Z', message: 'x'.repeat(20_001) }]],
    ];
    for (const [channel, args] of cases) {
      await expect(
        send(channel, page, ...args),
        `${channel} ${JSON.stringify(args).slice(0, 60)}`,
      ).rejects.toThrow('refused: invalid arguments');
    }
    expect(handlers.newOrders).not.toHaveBeenCalled();
    expect(handlers.acknowledgeOrders).not.toHaveBeenCalled();
    expect(handlers.printPackingSlip).not.toHaveBeenCalled();
    expect(handlers.backupFailed).not.toHaveBeenCalled();
    expect(log.entries).toHaveLength(cases.length);
    expect(log.entries[2]).toMatchObject({
      level: 'warn',
      message: 'ipc: refused a message with invalid arguments',
      details: {
        channel: 'kirana:newOrders',
        issues: [expect.objectContaining({ path: '0.0.amount' })],
      },
    });
  });

  test('a receipt is printed for a sale as the API answers it, the shop and a cash flag, from the seller screens only', async () => {
    const { send, handlers, log } = setup();
    const page = from(`${SERVER}/seller/counter`);
    const sale = counterSale();
    const request = { sale, shop: receiptShop, cash: true };
    await expect(send('kirana:printReceipt', page, request)).resolves.toEqual({ printed: true });
    expect(handlers.printReceipt).toHaveBeenCalledWith(request);
    await expect(send('kirana:receiptPrinter', page)).resolves.toEqual({
      configured: true,
      label: 'TVS RP 3160 · 80 mm',
    });
    expect(log.entries).toEqual([]);

    for (const args of [
      [{ saleId: '0198c0de-0000-7000-8000-000000000042', cash: true }],
      [{ ...request, cash: 'yes' }],
      [{ sale, shop: receiptShop }],
      [{ ...request, sale: { ...sale, amount: '56' } }],
      [{ ...request, sale: { ...sale, lines: 'Tata Salt' } }],
      [{ ...request, shop: { name: 'Kirana Store' } }],
      [sale],
    ]) {
      await expect(
        send('kirana:printReceipt', page, ...args),
        JSON.stringify(args),
      ).rejects.toThrow('refused: invalid arguments');
    }
    await expect(send('kirana:printReceipt', from(FIRST_RUN), request)).rejects.toThrow('refused');
    await expect(send('kirana:receiptPrinter', page, 'extra')).rejects.toThrow('refused');
    expect(handlers.printReceipt).toHaveBeenCalledTimes(1);
  });

  test('the Counter’s connection is told by the seller screens only, as offline and a count of waiting bills', async () => {
    const { send, handlers } = setup();
    const page = from(`${SERVER}/seller/counter`);
    await send('kirana:counterConnection', page, { offline: true, waiting: 3 });
    expect(handlers.counterConnection).toHaveBeenCalledWith({ offline: true, waiting: 3 });
    for (const args of [
      [{ offline: 'yes', waiting: 3 }],
      [{ offline: true, waiting: -1 }],
      [{ offline: true, waiting: 1.5 }],
      [{ offline: true }],
      [],
    ]) {
      await expect(
        send('kirana:counterConnection', page, ...args),
        JSON.stringify(args),
      ).rejects.toThrow('refused: invalid arguments');
    }
    await expect(
      send('kirana:counterConnection', from(FIRST_RUN), { offline: false, waiting: 0 }),
    ).rejects.toThrow('refused');
    expect(handlers.counterConnection).toHaveBeenCalledTimes(1);
  });

  test('setup methods answer only the bundled pages, and seller methods refuse them', async () => {
    const { send, handlers } = setup();
    await expect(send('kirana:connectToServer', from(FIRST_RUN), SERVER)).resolves.toEqual({
      ok: true,
      server: SERVER,
    });
    // The query string and fragment of a bundled page do not matter; its path does.
    await expect(send('kirana:currentServer', from(`${FIRST_RUN}?retry=1#top`))).resolves.toBe(
      SERVER,
    );
    await expect(
      send('kirana:connectToServer', from(`${SERVER}/seller`), 'https://evil.example'),
    ).rejects.toThrow('refused');
    for (const url of [
      'file:///home/me/Downloads/first-run.html',
      'file://attacker-share/opt/Kirana%20Counter/resources/app.asar/src/pages/first-run.html',
      'file:///opt/Kirana%20Counter/resources/app.asar/src/pages/first-run.html.evil',
    ]) {
      await expect(send('kirana:currentServer', from(url)), url).rejects.toThrow('refused');
    }
    await expect(send('kirana:newOrders', from(FIRST_RUN), [sellerOrder()])).rejects.toThrow(
      'refused',
    );
    expect(handlers.connectToServer).toHaveBeenCalledTimes(1);
    expect(handlers.newOrders).not.toHaveBeenCalled();
  });

  test('the Receipt printer window’s page reads and saves the preferences and lists printers; nothing else may', async () => {
    const { send, handlers, log } = setup();
    const page = fromReceiptPrinterWindow(RECEIPT_PRINTER);
    await expect(send('kirana:counterPreferences', page)).resolves.toEqual(PREFERENCES);
    await expect(send('kirana:systemPrinters', page)).resolves.toEqual({
      printers: [],
      rawPrinting: true,
    });
    await expect(send('kirana:saveCounterPreferences', page, PREFERENCES)).resolves.toEqual({
      configured: true,
      label: '192.168.1.50:9100 · 80 mm',
    });
    expect(handlers.saveCounterPreferences).toHaveBeenCalledWith(PREFERENCES);
    // A network printer's port is 9100 unless given.
    const { port: _port, ...withoutPort } = PREFERENCES.receiptPrinter;
    await send('kirana:saveCounterPreferences', page, {
      ...PREFERENCES,
      receiptPrinter: withoutPort,
    });
    expect(handlers.saveCounterPreferences).toHaveBeenLastCalledWith(PREFERENCES);
    expect(log.entries).toEqual([]);

    // The seller screens may not change the app's printer, and the window shows no seller page.
    await expect(
      send('kirana:saveCounterPreferences', from(`${SERVER}/seller/counter`), PREFERENCES),
    ).rejects.toThrow('refused');
    await expect(
      send('kirana:printReceipt', fromReceiptPrinterWindow(`${SERVER}/seller/counter`), {
        sale: counterSale(),
        shop: receiptShop,
        cash: true,
      }),
    ).rejects.toThrow('refused');
    // Another window showing the same file is not the app's.
    await expect(
      send('kirana:counterPreferences', from(RECEIPT_PRINTER, { sender: { id: 99 } })),
    ).rejects.toThrow('refused');
    expect(log.entries.map((entry) => (entry.details as { reason: string }).reason)).toEqual([
      'not a bundled page',
      'not the counter window',
      'not a window of the app',
    ]);
    expect(handlers.saveCounterPreferences).toHaveBeenCalledTimes(2);
  });

  test('preferences that are not a printer, a paper width or flags are refused', async () => {
    const { send, handlers } = setup();
    const page = fromReceiptPrinterWindow(RECEIPT_PRINTER);
    const network = PREFERENCES.receiptPrinter;
    for (const damage of [
      { receiptPrinter: { kind: 'bluetooth' } },
      { receiptPrinter: { ...network, host: '' } },
      { receiptPrinter: { ...network, host: '192.168.1.50; rm -rf /' } },
      { receiptPrinter: { ...network, port: 0 } },
      { receiptPrinter: { ...network, port: 65_536 } },
      { receiptPrinter: { ...network, port: '9100' } },
      { receiptPrinter: { kind: 'system', name: '', mode: 'escpos' } },
      { receiptPrinter: { kind: 'system', name: 'TVS\nRP', mode: 'escpos' } },
      { receiptPrinter: { kind: 'system', name: 'TVS', mode: 'pdf' } },
      { receiptWidth: 76 },
      { openDrawerOnCash: 'yes' },
      { openCounterAtStart: undefined },
    ]) {
      await expect(
        send('kirana:saveCounterPreferences', page, { ...PREFERENCES, ...damage }),
        JSON.stringify(damage),
      ).rejects.toThrow('refused: invalid arguments');
    }
    expect(handlers.saveCounterPreferences).not.toHaveBeenCalled();
  });

  test('before a server is configured no page may call the seller methods', async () => {
    const { send } = setup(null);
    await expect(
      send('kirana:acknowledgeOrders', from('http://localhost:4000/seller'), ['a']),
    ).rejects.toThrow('refused');
  });

  test('a failing handler rejects with a generic error and is logged', async () => {
    const { send, handlers, log } = setup();
    handlers.retryConnection.mockRejectedValueOnce(new Error('disk on fire'));
    await expect(send('kirana:retryConnection', from(FIRST_RUN))).rejects.toThrow(
      /^kirana:retryConnection failed$/,
    );
    expect(log.entries).toEqual([
      expect.objectContaining({ level: 'error', message: 'ipc: a handler failed' }),
    ]);
  });
});
