import type { CounterSale, ReceiptWidth } from '../contract/counter.js';
import { ORDER_CURRENCY } from '../domain/money.js';
import { escapeHtml as e } from '../html.js';
import { receiptOf, type ReceiptShop } from './receipt.js';

/**
 * The receipt of `sale` as a whole HTML page for any printer, and for a browser: sized for paper
 * `width` mm wide, its amounts with the rupee sign (the browser draws it, whatever the printer's
 * fonts); a loose line with its weight at its price per kilo, '0.750 kg × ₹140.00/kg'. Every text
 * is escaped; the page loads nothing and runs no script (its Content-Security-Policy says so, in
 * the page too: the desktop app prints it from text, without the answer's headers). A tax
 * invoice's line says its HSN code and rate under its name, and its tax by rate is a table of
 * its own under the lines. The Counter prints it from a frame of its own page, with or without a
 * connection.
 * @throws RangeError when an amount of the sale is not a number of rupees (receiptOf).
 */
export function receiptHtml(sale: CounterSale, shop: ReceiptShop, width: ReceiptWidth): string {
  const receipt = receiptOf(sale, shop, ORDER_CURRENCY);
  const rows = (pairs: Array<[string, string]>) =>
    pairs
      .map(
        ([label, amount]) =>
          `<tr${label === 'Total' ? ' class="total"' : ''}><th scope="row" colspan="2">${e(label)}</th><td>${e(amount)}</td></tr>`,
      )
      .join('\n        ');
  const tax = (line: (typeof receipt.lines)[number]) =>
    line.tax ? `<br /><small>${e(line.tax)}</small>` : '';
  const lines = receipt.lines
    .map((line) =>
      line.unit === 'piece'
        ? `<tr><th scope="row">${e(line.name)}<br /><small>@ ${e(line.unitPrice)}</small>${tax(line)}</th><td>${e(line.quantity)}</td><td>${e(line.amount)}</td></tr>`
        : `<tr><th scope="row">${e(line.name)}<br /><small>${e(`${line.quantity} × ${line.unitPrice}`)}</small>${tax(line)}</th><td></td><td>${e(line.amount)}</td></tr>`,
    )
    .join('\n        ');
  const summary =
    receipt.taxSummary.length === 0
      ? ''
      : `
    <table class="tax">
      <thead>
        <tr><th scope="col">GST</th><th scope="col">Taxable</th><th scope="col">CGST</th><th scope="col">SGST</th></tr>
      </thead>
      <tbody>
        ${receipt.taxSummary
          .map(
            (sum) =>
              `<tr><th scope="row">${e(`${sum.rate}%`)}</th><td>${e(sum.taxable)}</td><td>${e(sum.cgst)}</td><td>${e(sum.sgst)}</td></tr>`,
          )
          .join('\n        ')}
      </tbody>
    </table>`;
  const notes = [receipt.words, receipt.declaration]
    .filter((note) => note !== null)
    .map((note) => `\n    <p class="note">${e(note)}</p>`)
    .join('');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${e(`${receipt.shop} · ${receipt.bill}`)}</title>
    <style>
      @page { size: ${width}mm auto; margin: 3mm; }
      body { width: ${width - 6}mm; margin: 0 auto; font: 10pt/1.35 ui-monospace, monospace; color: #000; }
      h1 { font-size: 14pt; text-align: center; margin: 0 0 1mm; }
      p { text-align: center; margin: 0; }
      table { width: 100%; border-collapse: collapse; margin-top: 2mm; }
      thead th { border-bottom: 1px dashed #000; }
      th { text-align: left; font-weight: normal; }
      td { text-align: right; white-space: nowrap; vertical-align: top; padding-left: 2mm; }
      tbody tr:last-child th, tbody tr:last-child td { padding-bottom: 1mm; }
      tfoot tr:first-child th, tfoot tr:first-child td { border-top: 1px dashed #000; padding-top: 1mm; }
      .total th, .total td { font-weight: bold; font-size: 12pt; }
      footer { text-align: center; margin-top: 3mm; border-top: 1px dashed #000; padding-top: 2mm; }
      .title { font-weight: bold; letter-spacing: 0.1em; }
      .tax { font-size: 8.5pt; }
      .tax th, .tax td { text-align: right; }
      .note { text-align: left; margin-top: 2mm; }
    </style>
  </head>
  <body>${receipt.title === null ? '' : `\n    <p class="title">${e(receipt.title)}</p>`}
    <h1>${e(receipt.shop)}</h1>
    ${receipt.contact.map((line) => `<p>${e(line)}</p>`).join('\n    ')}
    <p>${e(receipt.bill)}</p>
    <p>${e(receipt.date)}</p>
    <table>
      <thead>
        <tr><th scope="col">Item</th><th scope="col">Qty</th><th scope="col">Amount</th></tr>
      </thead>
      <tbody>
        ${lines}
      </tbody>
      <tfoot>
        ${rows([...receipt.totals, ...receipt.payment])}
      </tfoot>
    </table>${summary}${notes}
    <footer>${e(receipt.footer)}</footer>
  </body>
</html>
`;
}
