/*
 * Its own entry of the package, `@kirana/shared/receipt-escpos`: the printer encoder's browser
 * build reads the page's `ImageData` as it loads, so the seller screens never import it; the
 * server and the desktop app's main process (Node) do.
 */
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { CounterSale, ReceiptWidth } from '../contract/counter.js';
import { receiptOf, type ReceiptShop } from './receipt.js';

/** Characters a line holds in the printers' standard font: 58 mm paper, 80 mm paper. */
const COLUMNS: Record<ReceiptWidth, number> = { 58: 32, 80: 48 };

/**
 * The receipt of `sale` as ESC/POS bytes for a thermal printer of `width` mm paper: the shop's
 * name, the bill and its date, the lines, the totals and the payment, then a cut; with `drawer`,
 * the pulse that opens a cash drawer wired to the printer. A loose line's weight and price per
 * kilo, '0.750 kg x Rs 140.00/kg', take a line of the paper's whole width under its name (the
 * quantity column holds 4 characters), in ASCII: the code page has no '×'; so does a tax
 * invoice's line its HSN code and rate, and its tax by rate comes in rows above the total, its
 * total in words under it.
 * @throws RangeError when an amount of the sale is not a number of rupees (receiptOf).
 */
export function receiptEscPos(
  sale: CounterSale,
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
  encoder.initialize().codepage('cp437').align('center');
  if (receipt.title) encoder.bold(true).line(receipt.title).bold(false);
  encoder.bold(true).size(2, 2).line(receipt.shop).size(1, 1).bold(false);
  for (const line of receipt.contact) encoder.line(line);
  encoder.line(receipt.bill).line(receipt.date).align('left').rule();
  const lineColumns = [
    { width: nameWidth, marginRight: 1, align: 'left' },
    { width: quantityWidth, marginRight: 1, align: 'right' },
    { width: amountWidth, align: 'right' },
  ] as const;
  // Rows of the lines' table, printed when a loose line's measure is to follow at full width.
  let rows: string[][] = [['Item', 'Qty', 'Amount']];
  for (const line of receipt.lines) {
    const fullWidth: string[] = [];
    if (line.unit === 'piece')
      rows.push([line.name, line.quantity, line.amount], [`  @ ${line.unitPrice}`, '', '']);
    else {
      rows.push([line.name, '', line.amount]);
      fullWidth.push(`  ${line.quantity} x ${line.unitPrice}`);
    }
    if (line.tax) fullWidth.push(`  ${line.tax}`);
    if (fullWidth.length === 0) continue;
    encoder.table([...lineColumns], rows);
    for (const text of fullWidth) encoder.line(text);
    rows = [];
  }
  if (rows.length > 0) encoder.table([...lineColumns], rows);
  encoder
    .rule()
    .table(
      [
        { width: columns - amountWidth - 1, marginRight: 1, align: 'left' },
        { width: amountWidth, align: 'right' },
      ],
      [
        ...receipt.taxSummary.flatMap(({ rate, taxable, cgst, sgst }): Array<[string, string]> => [
          [`Taxable @ ${rate}%`, taxable],
          [`CGST @ ${rate / 2}%`, cgst],
          [`SGST @ ${rate / 2}%`, sgst],
        ]),
        ...receipt.totals,
        ...receipt.payment,
      ].map(([label, amount]) =>
        label === 'Total'
          ? [
              (e: ReceiptPrinterEncoder) => e.bold(true).text(label).bold(false),
              (e: ReceiptPrinterEncoder) => e.bold(true).text(amount).bold(false),
            ]
          : [label, amount],
      ),
    )
    .rule();
  if (receipt.words) encoder.line(receipt.words);
  if (receipt.declaration) encoder.line(receipt.declaration);
  if (receipt.words || receipt.declaration) encoder.rule();
  encoder.align('center').line(receipt.footer).newline(3).cut('partial');
  if (drawer) encoder.pulse();
  return encoder.encode();
}
