/**
 * The one map of every IPC channel between the counter app's pages and its main process. The
 * method signatures type both the preload's bridges (`window.kirana`, `window.kiranaSetup`) and
 * the main-process handlers; the rules say which pages may call each method and check its
 * arguments, because a renderer's `ipcRenderer.invoke` arguments are untrusted `unknown[]`.
 */
import {
  cashReportAnswerSchema,
  counterSaleSchema,
  RECEIPT_WIDTHS,
  receiptShopSchema,
  sellerOrderSchema,
} from '@kirana/shared';
import type { KiranaDesktopBridge, ReceiptPrinterStatus } from '@kirana/shared';
import { z } from 'zod';

export type { KiranaDesktopBridge } from '@kirana/shared';

/** The raw printing port (JetDirect, AppSocket) of a network receipt printer, unless set. */
export const RAW_PRINTING_PORT = 9100;

/**
 * The receipt printer the seller picked, kept in the app's settings: none; a printer on the
 * shop's network that takes ESC/POS on a raw TCP port; or a printer the system knows by `name`,
 * sent either the ESC/POS bytes as they are (`escpos`: a thermal printer's raw queue) or the
 * receipt as a printed page (`page`).
 */
export const receiptPrinterSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({
    kind: z.literal('network'),
    host: z.union([z.hostname(), z.ipv6()]),
    port: z.number().int().min(1).max(65_535).default(RAW_PRINTING_PORT),
  }),
  z.object({
    kind: z.literal('system'),
    // The system's own name for it, which `lp -d` and Chromium's deviceName take.
    name: z
      .string()
      .min(1)
      .max(256)
      .regex(/^[^\p{Cc}]+$/u),
    mode: z.enum(['escpos', 'page']),
  }),
]);
export type ReceiptPrinter = z.infer<typeof receiptPrinterSchema>;

export const receiptWidthSchema = z.literal(RECEIPT_WIDTHS);

/** What the Receipt printer page shows and saves, all kept in the app's settings. */
export const counterPreferencesSchema = z.object({
  receiptPrinter: receiptPrinterSchema,
  /** The receipt paper's width in mm. */
  receiptWidth: receiptWidthSchema,
  /** Sends the drawer pulse with the receipt of a sale paid in cash (ESC/POS only). */
  openDrawerOnCash: z.boolean(),
  /** The app opens on the Counter screen instead of `/seller`. */
  openCounterAtStart: z.boolean(),
});
export type CounterPreferences = z.infer<typeof counterPreferencesSchema>;

/** A printer the system knows, as the Receipt printer page lists it. */
export interface SystemPrinter {
  /** The system's name for it: what is saved, and what `lp -d` and Chromium take. */
  name: string;
  /** The name people see, e.g. 'TVS RP 3160'. */
  label: string;
}

export interface SystemPrinters {
  printers: SystemPrinter[];
  /**
   * Whether ESC/POS bytes can go to a system printer as they are (`lp -o raw` on Linux and
   * macOS). On Windows they cannot: a system printer prints the receipt as a page there.
   */
  rawPrinting: boolean;
}

/** What a connection attempt came to; `message` is shown on the page as it is. */
export type ConnectResult = { ok: true; server: string } | { ok: false; message: string };

/**
 * What the app's own bundled pages (first run, offline, receipt printer) get as
 * `window.kiranaSetup`.
 */
export interface KiranaSetupBridge {
  /**
   * Tests `<address>/readyz`; only when it answers `{ success: true }` saves the address and
   * opens the seller screens. Nothing is saved on failure.
   */
  connectToServer(address: string): Promise<ConnectResult>;
  /** The server address in use, or null on first run: prefills the forms. */
  currentServer(): Promise<string | null>;
  /** Checks the server now and opens the seller screens when it answers. */
  retryConnection(): Promise<ConnectResult>;
  /** Shows the first-run form to enter another address; the saved one stays until replaced. */
  changeServer(): Promise<void>;
  /** The Receipt printer page's form as saved. */
  counterPreferences(): Promise<CounterPreferences>;
  /** Saves the Receipt printer page's form; answers the printer as the Counter screen names it. */
  saveCounterPreferences(preferences: CounterPreferences): Promise<ReceiptPrinterStatus>;
  /** The printers the system knows, to pick the receipt printer from. */
  systemPrinters(): Promise<SystemPrinters>;
}

/**
 * Every method the main process answers, seller screens' and bundled pages' alike. This app
 * offers every bridge method, those that older apps lacked too.
 */
export type IpcContract = Required<KiranaDesktopBridge> & KiranaSetupBridge;
export type IpcMethod = keyof IpcContract;
/** Channel names are the method names under one prefix, so the preload can derive them. */
export type IpcChannel<M extends IpcMethod = IpcMethod> = `kirana:${M}`;
export type IpcArgs<M extends IpcMethod> = Parameters<IpcContract[M]>;
export type IpcResult<M extends IpcMethod> = Awaited<ReturnType<IpcContract[M]>>;

export const ipcChannel = <M extends IpcMethod>(method: M): IpcChannel<M> => `kirana:${method}`;

/**
 * Who may call a method: the seller screens (pages of the configured server's origin), or the
 * app's own bundled pages.
 */
export type IpcAudience = 'seller-screens' | 'bundled-pages';

/** More than a screenful of orders in one call is not a seller screen talking. */
export const MAX_ORDERS_PER_CALL = 200;
const orderId = z.string().min(1).max(100);
/** More bills than a counter could keep waiting is not a seller screen talking. */
export const MAX_WAITING_BILLS = 1_000_000;
/** A backup's failure as the server keeps it: a dump's error output, rarely more than this. */
export const MAX_FAILURE_TEXT = 20_000;

interface IpcRule<M extends IpcMethod> {
  from: IpcAudience;
  args: z.ZodType<IpcArgs<M>>;
}

export const IPC_RULES: { readonly [M in IpcMethod]: IpcRule<M> } = {
  newOrders: {
    from: 'seller-screens',
    args: z.tuple([z.array(sellerOrderSchema).max(MAX_ORDERS_PER_CALL)]),
  },
  unacceptedOrder: { from: 'seller-screens', args: z.tuple([sellerOrderSchema]) },
  acknowledgeOrders: {
    from: 'seller-screens',
    args: z.tuple([z.array(orderId).max(MAX_ORDERS_PER_CALL)]),
  },
  backupFailed: {
    from: 'seller-screens',
    args: z.tuple([z.object({ at: z.iso.datetime(), message: z.string().max(MAX_FAILURE_TEXT) })]),
  },
  printPackingSlip: { from: 'seller-screens', args: z.tuple([sellerOrderSchema]) },
  printCashReport: { from: 'seller-screens', args: z.tuple([cashReportAnswerSchema]) },
  printReceipt: {
    from: 'seller-screens',
    args: z.tuple([
      z.object({ sale: counterSaleSchema, shop: receiptShopSchema, cash: z.boolean() }),
    ]),
  },
  receiptPrinter: { from: 'seller-screens', args: z.tuple([]) },
  counterConnection: {
    from: 'seller-screens',
    args: z.tuple([
      z.object({ offline: z.boolean(), waiting: z.number().int().min(0).max(MAX_WAITING_BILLS) }),
    ]),
  },
  connectToServer: { from: 'bundled-pages', args: z.tuple([z.string().max(2048)]) },
  currentServer: { from: 'bundled-pages', args: z.tuple([]) },
  retryConnection: { from: 'bundled-pages', args: z.tuple([]) },
  changeServer: { from: 'bundled-pages', args: z.tuple([]) },
  counterPreferences: { from: 'bundled-pages', args: z.tuple([]) },
  saveCounterPreferences: { from: 'bundled-pages', args: z.tuple([counterPreferencesSchema]) },
  systemPrinters: { from: 'bundled-pages', args: z.tuple([]) },
};

export const IPC_METHODS = Object.keys(IPC_RULES) as IpcMethod[];
