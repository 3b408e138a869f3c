import {
  receiptHtml,
  type PrintResult,
  type ReceiptPrinterStatus,
  type ReceiptPrintRequest,
} from '@kirana/shared';
import { receiptEscPos } from '@kirana/shared/receipt-escpos';
import type { ReceiptPrinter } from '../ipc-contract.js';
import { printPage, type PrintWindow } from './print.js';
import type { Settings } from './settings.js';

export const NO_RECEIPT_PRINTER_REASON =
  'No receipt printer is set: choose one from the tray menu, Receipt printer…';
/** How long a printer (or `lp`) has to take a receipt. */
export const RECEIPT_TIMEOUT_MS = 10_000;
/** More of `lp`'s error output than a reason can show is noise. */
const MAX_REASON_LENGTH = 500;

/** The part of a `node:net` socket sending bytes to a network printer uses. */
export interface PrinterSocket {
  setTimeout(timeoutMs: number): unknown;
  on(event: 'timeout', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  resume(): unknown;
  /** `callback` runs once everything is handed over, or with the error that stopped it. */
  end(bytes: Uint8Array, callback: (error?: Error | null) => void): unknown;
  destroy(): unknown;
}

/** The part of a `node:child_process` child `lp` runs as. */
export interface PrintCommand {
  stdin: {
    on(event: 'error', listener: (error: Error) => void): unknown;
    end(bytes: Uint8Array): unknown;
  } | null;
  stderr: { on(event: 'data', listener: (chunk: Buffer | string) => void): unknown } | null;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'close', listener: (code: number | null, signal: string | null) => void): unknown;
  kill(): unknown;
}

/** Everything printing a receipt touches outside this module: Electron's and Node's. */
export interface ReceiptPrinterIo {
  /** Opens a TCP connection (`net.createConnection`). */
  connect(target: { host: string; port: number }): PrinterSocket;
  /** Runs a program without a shell, stdin and stderr piped (`child_process.spawn`). */
  spawn(command: string, args: readonly string[]): PrintCommand;
  /** A hidden window with JavaScript off to print a page in. */
  createPrintWindow(): PrintWindow;
}

export interface PrintReceiptOptions {
  settings: Settings;
  platform: NodeJS.Platform;
  io: ReceiptPrinterIo;
  timeoutMs?: number;
}

/** How a receipt reaches the printer picked in the settings. */
type Route =
  | { via: 'socket'; host: string; port: number }
  | { via: 'lp'; name: string }
  | { via: 'page'; name: string };

function routeOf(printer: ReceiptPrinter, platform: NodeJS.Platform): Route | null {
  switch (printer.kind) {
    case 'none':
      return null;
    case 'network':
      return { via: 'socket', host: printer.host, port: printer.port };
    case 'system':
      // Windows has no raw queue the app can reach: its printers print the receipt as a page.
      return printer.mode === 'escpos' && platform !== 'win32'
        ? { via: 'lp', name: printer.name }
        : { via: 'page', name: printer.name };
  }
}

/** `host:port`, an IPv6 address in brackets. */
function addressOf(host: string, port: number): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

/** The receipt printer as the Counter screen names it, e.g. 'TVS RP 3160 · 80 mm'. */
export function receiptPrinterStatus(settings: Settings): ReceiptPrinterStatus {
  const printer = settings.receiptPrinter;
  if (printer.kind === 'none') return { configured: false, label: null };
  const name = printer.kind === 'network' ? addressOf(printer.host, printer.port) : printer.name;
  return { configured: true, label: `${name} · ${settings.receiptWidth} mm` };
}

/**
 * Prints the receipt of `request.sale` on the receipt printer picked in the settings, without a
 * dialog, rendered here by the shared receipt (no server asked: it prints without a connection):
 * ESC/POS bytes for a network printer (sent to its raw port) and for a system printer in ESC/POS
 * mode (`lp -o raw` on Linux and macOS), with the drawer pulse when the sale was paid in `cash`
 * and the settings say so; otherwise the HTML receipt, printed as a page on the system printer.
 * Never throws: every failure, a sale that does not render included, comes back as a reason.
 */
export async function printReceipt(
  request: ReceiptPrintRequest,
  options: PrintReceiptOptions,
): Promise<PrintResult> {
  const { settings, io } = options;
  const timeoutMs = options.timeoutMs ?? RECEIPT_TIMEOUT_MS;
  const route = routeOf(settings.receiptPrinter, options.platform);
  if (route === null) return { printed: false, reason: NO_RECEIPT_PRINTER_REASON };

  const width = settings.receiptWidth;
  try {
    switch (route.via) {
      case 'socket':
      case 'lp': {
        const drawer = request.cash && settings.openDrawerOnCash;
        const bytes = receiptEscPos(request.sale, request.shop, { width, drawer });
        if (route.via === 'socket')
          await sendToSocket(io, route.host, route.port, bytes, timeoutMs);
        else await sendToLp(io, route.name, bytes, timeoutMs);
        return { printed: true };
      }
      case 'page':
        return await printPage(
          receiptHtml(request.sale, request.shop, width),
          () => io.createPrintWindow(),
          route.name,
        );
    }
  } catch (error) {
    return { printed: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Writes `bytes` to a network printer's raw port and closes the connection. Rejects when the
 * printer cannot be reached, or goes `timeoutMs` without taking any of them.
 */
function sendToSocket(
  io: ReceiptPrinterIo,
  host: string,
  port: number,
  bytes: Uint8Array,
  timeoutMs: number,
): Promise<void> {
  const address = addressOf(host, port);
  return new Promise((resolve, reject) => {
    let sent = false;
    const socket = io.connect({ host, port });
    // Idle time, the connection's included: an unplugged printer never answers at all.
    socket.setTimeout(timeoutMs);
    socket.on('timeout', () => {
      socket.destroy();
      if (!sent) {
        reject(
          new Error(
            `The receipt printer at ${address} did not answer within ${timeoutMs / 1000} seconds`,
          ),
        );
      }
    });
    socket.on('error', (error) => {
      if (!sent)
        reject(new Error(`Cannot print on the receipt printer at ${address}: ${error.message}`));
    });
    // Whatever the printer says back (status bytes) is read and dropped: left unread, it would
    // make closing the connection reset it before the printer had everything.
    socket.resume();
    // All bytes handed to the system and the connection half-closed: the printer has them.
    // The socket then closes when the printer closes its side, or at the idle timeout.
    socket.end(bytes, (error) => {
      if (error) return; // 'error' says why
      sent = true;
      resolve();
    });
  });
}

/**
 * Sends `bytes` to the system printer `name` as they are (`lp -d NAME -o raw`, stdin), run
 * without a shell. Rejects with `lp`'s own error output when it fails, or when it does not finish
 * within `timeoutMs`.
 */
function sendToLp(
  io: ReceiptPrinterIo,
  name: string,
  bytes: Uint8Array,
  timeoutMs: number,
): Promise<void> {
  return new Promise((resolve, reject) => {
    let errors = '';
    let settled = false;
    const settle = (failure: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (failure === null) resolve();
      else reject(new Error(failure.slice(0, MAX_REASON_LENGTH)));
    };
    const child = io.spawn('lp', ['-d', name, '-o', 'raw']);
    const timer = setTimeout(() => {
      child.kill();
      settle(`lp did not finish within ${timeoutMs / 1000} seconds`);
    }, timeoutMs);
    child.on('error', (error) => {
      const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
      settle(
        missing
          ? 'The lp command is missing: install CUPS, or print to the printer as a page'
          : `lp could not run: ${error.message}`,
      );
    });
    child.stderr?.on('data', (chunk) => {
      if (errors.length < MAX_REASON_LENGTH) errors += String(chunk);
    });
    child.on('close', (code, signal) => {
      if (code === 0) return settle(null);
      const said = errors.trim();
      settle(said === '' ? `lp failed (${code === null ? signal : `exit code ${code}`})` : said);
    });
    // lp may exit before reading everything (an unknown printer): its exit code says why.
    child.stdin?.on('error', () => {});
    child.stdin?.end(bytes);
  });
}
