import type { PrintResult } from '@kirana/shared';
import { printInFrame } from '../../../../lib/print-in-frame';
import { serverOrigin } from '../../../../lib/server-origin';

/** The HTML receipt of sale `saleId`, for paper 80 mm wide (the HTML page fits narrower too). */
const receiptUrl = (saleId: string) =>
  `${serverOrigin}/api/counter/sales/${encodeURIComponent(saleId)}/receipt?format=html&width=80`;

/** Whether the desktop app has a receipt printer set (it prints receipts itself, at once). */
export async function desktopPrintsReceipts(): Promise<boolean> {
  return Boolean((await window.kirana?.receiptPrinter?.())?.configured);
}

/**
 * Prints the receipt of sale `saleId`: on the desktop app's receipt printer when it has one
 * (ESC/POS; `openDrawer` also opens the cash drawer wired to it, for a cash sale just made), else
 * the HTML receipt in a frame of this page through the browser's print dialog, or in a tab of its
 * own when the frame cannot print.
 */
export async function printReceipt(saleId: string, openDrawer: boolean): Promise<PrintResult> {
  const print = window.kirana?.printReceipt;
  if (print && (await desktopPrintsReceipts())) return print({ saleId, cash: openDrawer });
  return printInFrame(receiptUrl(saleId), 'Receipt');
}
