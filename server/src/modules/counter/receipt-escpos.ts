import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { ReceiptWidth } from '@kirana/shared';
import type { SaleRecord } from './counter-reads.js';
import { receiptOf, type ReceiptShop } from './receipt.js';

/** Characters a line holds in the printers' standard font: 58 mm paper, 80 mm paper. */
const COLUMNS: Record<ReceiptWidth, number> = { 58: 32, 80: 48 };

/**
 * The receipt of `sale` as ESC/POS bytes for a thermal printer of `width` mm paper: the shop's
 * name, the bill and its date, the lines, the totals and the payment, then a cut; with `drawer`,
 * the pulse that opens a cash drawer wired to the printer.
 */
export function receiptEscPos(
  sale: SaleRecord,
  shop: ReceiptShop,
  { width, drawer }: { width: ReceiptWidth; drawer: boolean },
): Uint8Array {
  const receipt = receiptOf(sale, shop);
  const columns = COLUMNS[width];
  const amountWidth = 12;
  const quantityWidth = 4;
  const nameWidth = columns - amountWidth - quantityWidth - 2;
  // A name in a script the code page lacks prints as '?', never as stray bytes.
  const encoder = new ReceiptPrinterEncoder({ language: 'esc-pos', columns, errors: 'relaxed' });
  encoder
    .initialize()
    .codepage('cp437')
    .align('center')
    .bold(true)
    .size(2, 2)
    .line(receipt.shop)
    .size(1, 1)
    .bold(false);
  for (const line of receipt.contact) encoder.line(line);
  encoder
    .line(receipt.bill)
    .line(receipt.date)
    .align('left')
    .rule()
    .table(
      [
        { width: nameWidth, marginRight: 1, align: 'left' },
        { width: quantityWidth, marginRight: 1, align: 'right' },
        { width: amountWidth, align: 'right' },
      ],
      [
        ['Item', 'Qty', 'Amount'],
        ...receipt.lines.flatMap((line) => [
          [line.name, String(line.quantity), line.amount],
          [`  @ ${line.unitPrice}`, '', ''],
        ]),
      ],
    )
    .rule()
    .table(
      [
        { width: columns - amountWidth - 1, marginRight: 1, align: 'left' },
        { width: amountWidth, align: 'right' },
      ],
      [...receipt.totals, ...receipt.payment].map(([label, amount]) =>
        label === 'Total'
          ? [
              (e: ReceiptPrinterEncoder) => e.bold(true).text(label).bold(false),
              (e: ReceiptPrinterEncoder) => e.bold(true).text(amount).bold(false),
            ]
          : [label, amount],
      ),
    )
    .rule()
    .align('center')
    .line(receipt.footer)
    .newline(3)
    .cut('partial');
  if (drawer) encoder.pulse();
  return encoder.encode();
}
