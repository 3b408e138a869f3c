import { EventEmitter } from 'node:events';
import { createConnection, createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { receiptHtml, type ReceiptPrintRequest } from '@kirana/shared';
import { receiptEscPos } from '@kirana/shared/receipt-escpos';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { counterSale, receiptShop } from '../test/fixtures.js';
import type { PrintWindow } from './print.js';
import {
  NO_RECEIPT_PRINTER_REASON,
  printReceipt,
  receiptPrinterStatus,
  RECEIPT_TIMEOUT_MS,
} from './receipt-printer.js';
import type { PrintCommand, PrinterSocket, ReceiptPrinterIo } from './receipt-printer.js';
import { DEFAULT_SETTINGS } from './settings.js';
import type { Settings } from './settings.js';

const SERVER = 'http://192.168.1.20:4000';
/** A sale made without a connection: bill 5 of this counter's own series, C1. */
const SALE = counterSale({
  number: 0,
  invoice: { number: 'C1/26-27/5', series: 'C1', date: '2026-11-27', kind: 'bill' },
});
/** The shared receipt of the sale: its ESC/POS bytes for `width` mm paper, and its page. */
const escPos = (width: 58 | 80, drawer: boolean) =>
  receiptEscPos(SALE, receiptShop, { width, drawer });
const DRAWER_PULSE = Buffer.from([0x1b, 0x70]);
const HTML = receiptHtml(SALE, receiptShop, 80);

const NETWORK: Settings['receiptPrinter'] = { kind: 'network', host: '192.168.1.50', port: 9100 };
const SYSTEM_ESCPOS: Settings['receiptPrinter'] = {
  kind: 'system',
  name: 'TVS_RP_3160',
  mode: 'escpos',
};
const SYSTEM_PAGE: Settings['receiptPrinter'] = {
  kind: 'system',
  name: 'TVS_RP_3160',
  mode: 'page',
};

afterEach(() => {
  vi.useRealTimers();
});

const settingsWith = (changes: Partial<Settings>): Settings => ({
  ...DEFAULT_SETTINGS,
  server: SERVER,
  ...changes,
});

/** A socket that records what was written and answers as `behaviour` says. */
class FakeSocket extends EventEmitter implements PrinterSocket {
  readonly received: Uint8Array[] = [];
  timeoutMs: number | null = null;
  destroyed = false;
  resumed = false;
  constructor(private readonly behaviour: 'takes' | 'refuses' | 'silent') {
    super();
  }
  setTimeout(timeoutMs: number) {
    this.timeoutMs = timeoutMs;
  }
  resume() {
    this.resumed = true;
  }
  end(bytes: Uint8Array, callback: (error?: Error | null) => void) {
    if (this.behaviour === 'takes') {
      this.received.push(bytes);
      queueMicrotask(() => callback());
    } else if (this.behaviour === 'refuses') {
      const error = Object.assign(new Error('connect ECONNREFUSED 192.168.1.50:9100'), {
        code: 'ECONNREFUSED',
      });
      // As node:net does: 'error', then the end callback with the same error.
      queueMicrotask(() => {
        this.emit('error', error);
        callback(error);
      });
    }
    // 'silent': an unplugged printer never answers; only the idle timeout ends it.
  }
  destroy() {
    this.destroyed = true;
  }
}

/** An `lp` that reads its stdin, then ends as `ends` says. */
class FakeLp extends EventEmitter implements PrintCommand {
  readonly stdin = new PassThrough();
  readonly stderr = new PassThrough();
  readonly kill = vi.fn();
  received = Buffer.alloc(0);
  constructor(ends: (child: FakeLp) => void) {
    super();
    const chunks: Buffer[] = [];
    this.stdin.on('data', (chunk: Buffer) => chunks.push(chunk));
    this.stdin.on('end', () => {
      this.received = Buffer.concat(chunks);
      ends(this);
    });
  }
  exit(code: number | null, errors = '', signal: string | null = null) {
    this.stderr.end(errors, () => this.emit('close', code, signal));
  }
}

/** A hidden print window that records what it loads and answers the print as told. */
function fakePrintWindow([success, reason]: [boolean, string]) {
  return {
    loadURL: vi.fn(async (_url: string) => {}),
    webContents: {
      print: vi.fn((_options: unknown, callback: (success: boolean, reason: string) => void) =>
        callback(success, reason),
      ),
    },
    destroy: vi.fn(),
  } satisfies PrintWindow;
}

/**
 * Everything printing touches, recorded: network printers that behave as `socket` says, an `lp`
 * that ends as `lp` says, and print windows that answer `printed`. No server: a receipt is
 * rendered in the app.
 */
function world(
  options: {
    socket?: 'takes' | 'refuses' | 'silent';
    lp?: (child: FakeLp) => void;
    printed?: [boolean, string];
  } = {},
) {
  const sockets: FakeSocket[] = [];
  const commands: { command: string; args: readonly string[]; child: FakeLp }[] = [];
  const windows: ReturnType<typeof fakePrintWindow>[] = [];
  const io = {
    connect: vi.fn((_target: { host: string; port: number }) => {
      const socket = new FakeSocket(options.socket ?? 'takes');
      sockets.push(socket);
      return socket;
    }),
    spawn: vi.fn((command: string, args: readonly string[]) => {
      const child = new FakeLp(options.lp ?? ((lp) => lp.exit(0)));
      commands.push({ command, args, child });
      return child;
    }),
    createPrintWindow: vi.fn(() => {
      const window = fakePrintWindow(options.printed ?? [true, '']);
      windows.push(window);
      return window;
    }),
  } satisfies ReceiptPrinterIo;
  return { io, sockets, commands, windows };
}

const print = (
  io: ReceiptPrinterIo,
  settings: Settings,
  request: ReceiptPrintRequest = { sale: SALE, shop: receiptShop, cash: false },
  platform: NodeJS.Platform = 'linux',
) => printReceipt(request, { settings, platform, io });

/** The one receipt `sockets` received, as bytes. */
const receivedBy = (sockets: FakeSocket[]) => {
  expect(sockets).toHaveLength(1);
  return Buffer.concat(sockets[0]!.received);
};

describe('no receipt printer', () => {
  test('says where to choose one', async () => {
    const { io, sockets, commands, windows } = world();
    await expect(print(io, settingsWith({}))).resolves.toEqual({
      printed: false,
      reason: NO_RECEIPT_PRINTER_REASON,
    });
    expect(NO_RECEIPT_PRINTER_REASON).toBe(
      'No receipt printer is set: choose one from the tray menu, Receipt printer…',
    );
    expect([sockets, commands, windows]).toEqual([[], [], []]);
  });
});

describe('a network receipt printer', () => {
  test('gets the shared ESC/POS receipt of the sale, rendered in the app without a server, byte for byte on its raw port', async () => {
    const { io, sockets } = world();
    const settings = settingsWith({ receiptPrinter: NETWORK, receiptWidth: 58, server: null });
    await expect(print(io, settings)).resolves.toEqual({ printed: true });
    expect(receivedBy(sockets)).toEqual(Buffer.from(escPos(58, false)));
    expect(receivedBy(sockets).toString('latin1')).toContain('Bill No. C1/26-27/5');
    expect(io.connect).toHaveBeenCalledWith({ host: '192.168.1.50', port: 9100 });
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.timeoutMs).toBe(RECEIPT_TIMEOUT_MS);
    // What the printer says back is read, so closing does not reset the connection.
    expect(sockets[0]!.resumed).toBe(true);
  });

  test.each([
    [true, true, '1'],
    [true, false, '0'],
    [false, true, '0'],
    [false, false, '0'],
  ])(
    'a sale paid in cash %s, drawer setting %s: drawer pulse %s',
    async (cash, setting, drawer) => {
      const { io, sockets } = world();
      const settings = settingsWith({ receiptPrinter: NETWORK, openDrawerOnCash: setting });
      await print(io, settings, { sale: SALE, shop: receiptShop, cash });
      expect(receivedBy(sockets)).toEqual(Buffer.from(escPos(80, drawer === '1')));
      expect(receivedBy(sockets).includes(DRAWER_PULSE)).toBe(drawer === '1');
    },
  );

  test('a printer that refuses the connection is a reason, not a throw', async () => {
    const { io } = world({ socket: 'refuses' });
    await expect(print(io, settingsWith({ receiptPrinter: NETWORK }))).resolves.toEqual({
      printed: false,
      reason:
        'Cannot print on the receipt printer at 192.168.1.50:9100: connect ECONNREFUSED 192.168.1.50:9100',
    });
  });

  test('a printer that never answers times out, and its connection is closed', async () => {
    const { io, sockets } = world({ socket: 'silent' });
    const printing = print(io, settingsWith({ receiptPrinter: { ...NETWORK, port: 9101 } }));
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    sockets[0]!.emit('timeout');
    await expect(printing).resolves.toEqual({
      printed: false,
      reason: 'The receipt printer at 192.168.1.50:9101 did not answer within 10 seconds',
    });
    expect(sockets[0]!.destroyed).toBe(true);
  });

  test('once the bytes are handed over, a late error or timeout changes nothing but closes the connection', async () => {
    const { io, sockets } = world();
    await expect(print(io, settingsWith({ receiptPrinter: NETWORK }))).resolves.toEqual({
      printed: true,
    });
    sockets[0]!.emit('error', new Error('read ECONNRESET'));
    sockets[0]!.emit('timeout');
    expect(sockets[0]!.destroyed).toBe(true);
  });

  test('through node:net, a printer listening on its port receives exactly the bytes, and a closed port is a reason', async () => {
    const received: Buffer[] = [];
    const printer = createServer((connection) => {
      connection.on('data', (chunk: Buffer) => received.push(chunk));
      connection.on('end', () => connection.end());
    });
    await new Promise<void>((listening) => printer.listen(0, '127.0.0.1', listening));
    const { port } = printer.address() as AddressInfo;
    const { io } = world();
    const real = { ...io, connect: createConnection };
    try {
      const closed = new Promise<void>((done) =>
        printer.once('connection', (c) => c.on('close', done)),
      );
      await expect(
        print(real, settingsWith({ receiptPrinter: { kind: 'network', host: '127.0.0.1', port } })),
      ).resolves.toEqual({ printed: true });
      await closed;
      expect(Buffer.concat(received)).toEqual(Buffer.from(escPos(80, false)));
    } finally {
      await new Promise((done) => printer.close(done));
    }
    const refused = await print(
      real,
      settingsWith({ receiptPrinter: { kind: 'network', host: '127.0.0.1', port } }),
    );
    expect(refused).toEqual({
      printed: false,
      reason: expect.stringMatching(
        new RegExp(
          `^Cannot print on the receipt printer at 127\\.0\\.0\\.1:${port}: .*ECONNREFUSED`,
        ),
      ),
    });
  });

  test('an IPv6 printer is named with its address in brackets', () => {
    expect(
      receiptPrinterStatus(
        settingsWith({ receiptPrinter: { kind: 'network', host: 'fe80::1', port: 9100 } }),
      ),
    ).toEqual({ configured: true, label: '[fe80::1]:9100 · 80 mm' });
  });
});

describe('a system printer taking ESC/POS', () => {
  test('on Linux and macOS gets the bytes on the stdin of lp -d NAME -o raw, run without a shell', async () => {
    for (const platform of ['linux', 'darwin'] as const) {
      const { io, commands } = world();
      const settings = settingsWith({ receiptPrinter: SYSTEM_ESCPOS, openDrawerOnCash: true });
      const request = { sale: SALE, shop: receiptShop, cash: true };
      await expect(print(io, settings, request, platform)).resolves.toEqual({ printed: true });
      expect(commands.map(({ command, args }) => [command, args])).toEqual([
        ['lp', ['-d', 'TVS_RP_3160', '-o', 'raw']],
      ]);
      expect(commands[0]!.child.received).toEqual(Buffer.from(escPos(80, true)));
    }
  });

  test('lp failing gives its own words as the reason', async () => {
    const { io } = world({
      lp: (lp) => lp.exit(1, 'lp: The printer or class does not exist.\n'),
    });
    await expect(print(io, settingsWith({ receiptPrinter: SYSTEM_ESCPOS }))).resolves.toEqual({
      printed: false,
      reason: 'lp: The printer or class does not exist.',
    });
  });

  test('lp failing in silence gives its exit code or signal', async () => {
    const silent = world({ lp: (lp) => lp.exit(2) });
    await expect(
      print(silent.io, settingsWith({ receiptPrinter: SYSTEM_ESCPOS })),
    ).resolves.toEqual({ printed: false, reason: 'lp failed (exit code 2)' });
    const killed = world({ lp: (lp) => lp.exit(null, '', 'SIGKILL') });
    await expect(
      print(killed.io, settingsWith({ receiptPrinter: SYSTEM_ESCPOS })),
    ).resolves.toEqual({ printed: false, reason: 'lp failed (SIGKILL)' });
  });

  test('no lp on the system says to install CUPS', async () => {
    const { io } = world({
      lp: (lp) => lp.emit('error', Object.assign(new Error('spawn lp ENOENT'), { code: 'ENOENT' })),
    });
    await expect(print(io, settingsWith({ receiptPrinter: SYSTEM_ESCPOS }))).resolves.toEqual({
      printed: false,
      reason: 'The lp command is missing: install CUPS, or print to the printer as a page',
    });
  });

  test('an lp that hangs is killed after the timeout', async () => {
    vi.useFakeTimers();
    const { io, commands } = world({ lp: () => {} });
    const printing = print(io, settingsWith({ receiptPrinter: SYSTEM_ESCPOS }));
    await vi.waitFor(() => expect(commands).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(RECEIPT_TIMEOUT_MS);
    await expect(printing).resolves.toEqual({
      printed: false,
      reason: 'lp did not finish within 10 seconds',
    });
    expect(commands[0]!.child.kill).toHaveBeenCalled();
  });

  test('on Windows, which has no raw queue, it prints the HTML receipt as a page instead', async () => {
    const { io, commands, windows } = world();
    const settings = settingsWith({ receiptPrinter: SYSTEM_ESCPOS, openDrawerOnCash: true });
    const request = { sale: SALE, shop: receiptShop, cash: true };
    await expect(print(io, settings, request, 'win32')).resolves.toEqual({ printed: true });
    expect(commands).toEqual([]);
    expect(windows).toHaveLength(1);
    const url = windows[0]!.loadURL.mock.calls[0]![0];
    expect(decodeURIComponent(url.slice(url.indexOf(',') + 1))).toBe(HTML);
  });
});

describe('a system printer printing pages', () => {
  test('prints the shared HTML receipt in a hidden window, without a dialog, on that printer', async () => {
    const { io, windows, sockets, commands } = world();
    const settings = settingsWith({ receiptPrinter: SYSTEM_PAGE, openDrawerOnCash: true });
    const request = { sale: SALE, shop: receiptShop, cash: true };
    await expect(print(io, settings, request)).resolves.toEqual({ printed: true });
    const window = windows[0]!;
    const url = window.loadURL.mock.calls[0]![0];
    expect(url.startsWith('data:text/html;charset=utf-8,')).toBe(true);
    expect(decodeURIComponent(url.slice(url.indexOf(',') + 1))).toBe(HTML);
    expect(window.webContents.print).toHaveBeenCalledWith(
      {
        silent: true,
        printBackground: true,
        deviceName: 'TVS_RP_3160',
        usePrinterDefaultPageSize: true,
      },
      expect.any(Function),
    );
    expect(window.destroy).toHaveBeenCalledTimes(1);
    expect(sockets).toEqual([]);
    expect(commands).toEqual([]);
  });

  test('a print the system refuses gives its reason', async () => {
    const { io, windows } = world({ printed: [false, 'Invalid printer settings'] });
    await expect(print(io, settingsWith({ receiptPrinter: SYSTEM_PAGE }))).resolves.toEqual({
      printed: false,
      reason: 'Invalid printer settings',
    });
    expect(windows[0]!.destroy).toHaveBeenCalledTimes(1);
  });
});

describe('a sale that does not render', () => {
  test('is a reason, and nothing reaches the printer', async () => {
    const { io, sockets } = world();
    const request = { sale: SALE, shop: { ...receiptShop, timeZone: 'Mars/Olympus' }, cash: false };
    const result = await print(io, settingsWith({ receiptPrinter: NETWORK }), request);
    expect(result).toEqual({ printed: false, reason: expect.stringMatching(/time ?zone/i) });
    expect(sockets).toEqual([]);
  });
});

describe('the receipt printer as the Counter screen names it', () => {
  test.each([
    [DEFAULT_SETTINGS, { configured: false, label: null }],
    [
      settingsWith({ receiptPrinter: { kind: 'system', name: 'TVS RP 3160', mode: 'escpos' } }),
      { configured: true, label: 'TVS RP 3160 · 80 mm' },
    ],
    [
      settingsWith({ receiptPrinter: NETWORK, receiptWidth: 58 }),
      { configured: true, label: '192.168.1.50:9100 · 58 mm' },
    ],
  ])('%j', (settings, status) => {
    expect(receiptPrinterStatus(settings)).toEqual(status);
  });
});
