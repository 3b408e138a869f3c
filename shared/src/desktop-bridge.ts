import type { BackupFailure } from './contract/backup.js';
import type { CashReportAnswer } from './contract/cash.js';
import type { CounterSale } from './contract/counter.js';
import type { SellerOrder } from './contract/order.js';
import type { ReceiptShop } from './receipt/receipt.js';

/** What printing came to; `reason` is the printer's or the app's own words. */
export type PrintResult = { printed: true } | { printed: false; reason: string };

/**
 * What the seller's desktop counter app offers the seller screens as `window.kirana`. It exists
 * only inside the desktop app, and only on pages of the configured server's origin; in a plain
 * browser `window.kirana` is undefined. Every call is checked again in the app's main process,
 * which rejects the promise of a call it refuses.
 */
export interface KiranaDesktopBridge {
  /**
   * Orders the seller screens have not shown before. The app notifies (with a sound, repeated
   * until acknowledged) once per order id and ignores ids it already knows.
   */
  newOrders(orders: SellerOrder[]): Promise<void>;
  /**
   * An open order no agent has accepted in `UNACCEPTED_ALERT_MINUTES` (the server says so again
   * as long as nobody does): the app notifies with a sound, once per call.
   */
  unacceptedOrder(order: SellerOrder): Promise<void>;
  /** The seller has looked at these orders: stop alerting for them and lower the unread count. */
  acknowledgeOrders(orderIds: string[]): Promise<void>;
  /**
   * A backup of the shop failed (the live `backup:failed`): the app notifies, replacing its
   * previous backup notice; a click opens the Backups screen. Counter apps older than this
   * method lack it: the seller screens check before calling.
   */
  backupFailed?(failure: BackupFailure): Promise<void>;
  /** Prints the order's packing slip, showing the system print dialog. */
  printPackingSlip(order: SellerOrder): Promise<PrintResult>;
  /** Prints the day's cash report of the agents, showing the system print dialog. */
  printCashReport(report: CashReportAnswer): Promise<PrintResult>;
  /**
   * Prints the receipt of walk-in `sale` from `shop` on the receipt printer picked in the app's
   * settings, without a dialog, rendering it itself (ESC/POS bytes, or a page) so that it prints
   * without a connection too; opens the cash drawer wired to it when `cash` and the settings say
   * so. Counter apps older than this method lack it: the Counter screen then prints the HTML
   * receipt itself. Apps from before `counterConnection` took `{ saleId, cash }` instead and
   * fetched the receipt from the server.
   */
  printReceipt?(request: ReceiptPrintRequest): Promise<PrintResult>;
  /** The receipt printer picked in the app's settings, if any, named for the Counter screen. */
  receiptPrinter?(): Promise<ReceiptPrinterStatus>;
  /**
   * Whether the Counter can reach the server, and how many bills wait on it to be sent
   * (docs/counter.md#the-till-without-a-connection): the app's tray says so. Counter apps older
   * than this method lack it, and take `printReceipt` the older way.
   */
  counterConnection?(connection: CounterConnection): Promise<void>;
}

/** A receipt for the desktop app to render and print: the sale as the API answers it. */
export interface ReceiptPrintRequest {
  sale: CounterSale;
  shop: ReceiptShop;
  /** Paid in cash just now: the drawer may open. */
  cash: boolean;
}

/** The Counter's connection as its tray shows it. */
export interface CounterConnection {
  offline: boolean;
  /** Bills kept on this counter, waiting to be sent (or being sent). */
  waiting: number;
}

/** Whether the counter app has a receipt printer, and which (e.g. 'TVS RP 3160 · 80 mm'). */
export interface ReceiptPrinterStatus {
  configured: boolean;
  label: string | null;
}
