import { receiptHtml, type CounterSale, type PrintResult, type ReceiptShop } from '@kirana/shared';
import { printHtmlInFrame } from '../../../../lib/print-in-frame';

/**
 * The receipt printing of counter apps from before `counterConnection`: they took a sale's id
 * and fetched its receipt from the server.
 */
interface OlderReceiptPrinting {
  printReceipt(request: { saleId: string; cash: boolean }): Promise<PrintResult>;
}

/** Whether the desktop app has a receipt printer set (it prints receipts itself, at once). */
export async function desktopPrintsReceipts(): Promise<boolean> {
  return Boolean((await window.kirana?.receiptPrinter?.())?.configured);
}

/**
 * Prints the receipt of `sale` from `shop`, with or without a connection: on the desktop app's
 * receipt printer when it has one (the app renders it; `openDrawer` also opens the cash drawer
 * wired to it, for a cash sale just made), else the HTML receipt rendered here, in a frame of
 * this page, through the browser's print dialog. An app from before `counterConnection` prints
 * what the server has of the sale, by its id: a sale still waiting to be sent is not there yet.
 * @throws the desktop app's refusal of the call (its promise rejected), as the bridge does.
 */
export async function printReceipt(
  sale: CounterSale,
  shop: ReceiptShop,
  openDrawer: boolean,
): Promise<PrintResult> {
  const desktop = window.kirana;
  if (desktop?.printReceipt && (await desktopPrintsReceipts())) {
    if (desktop.counterConnection) return desktop.printReceipt({ sale, shop, cash: openDrawer });
    const older = desktop as unknown as OlderReceiptPrinting;
    return older.printReceipt({ saleId: sale._id, cash: openDrawer });
  }
  // 80 mm: the page fits narrower paper too.
  return printHtmlInFrame(receiptHtml(sale, shop, 80), 'Receipt');
}
