import {
  amountInWords,
  COMPOSITION_DECLARATION,
  escapeHtml as e,
  formatAmount,
  formatReceiptQuantity,
  ORDER_CURRENCY,
  pricePerUnitText,
  taxByRate,
  toRupees,
  type DocumentKind,
  type Unit,
} from '@kirana/shared';

/** A line of an invoice as issued (tax_document_lines), in paise; its rate in hundredths. */
export interface InvoicePageLine {
  description: string;
  hsn: string | null;
  gstRate: number | null;
  unit: Unit;
  quantity: number;
  unitPricePaise: number;
  amountPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
}

/** What an online order's invoice page says (order-documents.ts readOrderInvoice). */
export interface InvoicePage {
  /** The shop as it names itself now: its legal name (or name), address and phone. */
  shop: { name: string; legalName: string; address: string; phone: string };
  /** The document as issued: its printed number, kind, day (YYYY-MM-DD), GSTIN and state. */
  invoice: {
    number: string;
    kind: DocumentKind;
    date: string;
    gstin: string;
    placeOfSupply: string;
    amountPaise: number;
  };
  lines: readonly InvoicePageLine[];
  /** The shopper the goods went to, as the order keeps their address. */
  buyer: {
    name: string;
    street: string;
    city: string;
    state: string;
    zipcode: string;
    phone: string;
  };
  /** The credit note of the order's cancellation after it, if any. */
  creditNote: { number: string; date: string } | null;
}

const TITLES: Record<DocumentKind, string> = {
  'tax-invoice': 'Tax Invoice',
  'bill-of-supply': 'Bill of Supply',
  bill: 'Bill',
  'credit-note': 'Credit Note',
};

/** A day written YYYY-MM-DD as a bill prints it: '6 Dec 2026'. */
const dayText = (day: string) =>
  new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));

/** Paise in a column of figures: '120.50'. */
const figure = (paise: number) => toRupees(paise).toFixed(2);

/** A rate kept in hundredths, as printed: '5%', '0.25%'. */
const rateText = (hundredths: number) => `${hundredths / 100}%`;

/** A line's quantity with its unit: '3 pc', '0.750 kg'. */
const quantityText = (quantity: number, unit: Unit) =>
  unit === 'piece' ? `${quantity} pc` : formatReceiptQuantity(quantity, unit);

/**
 * An online order's invoice as a whole HTML page to print on A4 (docs/orders.md#invoices): the
 * shop's name, address and GSTIN; the title by its kind; number and date; the shopper's name and
 * address; each line's description, HSN, quantity with its unit and price; in a tax invoice each
 * line's taxable value, rate, CGST and SGST and the summary by rate; the total and the total in
 * words; a bill of supply's declaration; the credit note that cancelled it. Every text is
 * escaped; the page loads nothing and runs no script.
 */
export function invoiceHtml(page: InvoicePage): string {
  const { shop, invoice, buyer } = page;
  const title = TITLES[invoice.kind];
  const taxed = invoice.kind === 'tax-invoice';
  const cell = (text: string, className?: string) =>
    `<td${className ? ` class="${className}"` : ''}>${e(text)}</td>`;
  const header = [
    '#',
    'Description',
    'HSN/SAC',
    'Quantity',
    'Price',
    ...(taxed ? ['Taxable value', 'GST', 'CGST', 'SGST'] : []),
    'Amount',
  ]
    .map((label) => `<th scope="col">${e(label)}</th>`)
    .join('');
  const lines = page.lines
    .map((line, index) =>
      [
        '<tr>',
        cell(String(index + 1)),
        cell(line.description, 'text'),
        cell(line.hsn ?? ''),
        cell(quantityText(line.quantity, line.unit)),
        cell(pricePerUnitText(line.unitPricePaise, line.unit, ORDER_CURRENCY)),
        ...(taxed
          ? [
              cell(figure(line.taxablePaise)),
              cell(line.gstRate === null ? '' : rateText(line.gstRate)),
              cell(figure(line.cgstPaise)),
              cell(figure(line.sgstPaise)),
            ]
          : []),
        cell(figure(line.amountPaise)),
        '</tr>',
      ].join(''),
    )
    .join('\n        ');
  const summary = taxed
    ? taxByRate(
        page.lines.map((line) => ({
          rate: line.gstRate ?? 0,
          taxable: line.taxablePaise,
          cgst: line.cgstPaise,
          sgst: line.sgstPaise,
        })),
      )
        .map(
          (sum) =>
            `<tr>${cell(rateText(sum.rate))}${cell(figure(sum.taxable))}${cell(figure(sum.cgst))}${cell(figure(sum.sgst))}${cell(figure(sum.cgst + sum.sgst))}</tr>`,
        )
        .join('\n        ')
    : '';
  const shopLines = [
    ...(shop.address ? shop.address.split('\n') : []),
    `Phone ${shop.phone}`,
    ...(invoice.gstin ? [`GSTIN ${invoice.gstin}`] : []),
  ];
  const buyerLines = [
    buyer.name,
    buyer.street,
    `${buyer.city}, ${buyer.state} ${buyer.zipcode}`,
    `Phone ${buyer.phone}`,
  ];
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${e(`${title} ${invoice.number}`)}</title>
    <style>
      @page { size: A4; margin: 12mm; }
      body { max-width: 186mm; margin: 0 auto; padding: 4mm; font: 10pt/1.4 system-ui, sans-serif; color: #000; }
      header { display: flex; justify-content: space-between; gap: 8mm; border-bottom: 2px solid #000; padding-bottom: 3mm; }
      h1 { font-size: 16pt; margin: 0; }
      h2 { font-size: 14pt; margin: 0; text-align: right; }
      p { margin: 0; }
      .facts { text-align: right; }
      .parties { display: flex; justify-content: space-between; gap: 8mm; margin: 4mm 0; }
      .parties h3 { font-size: 9pt; text-transform: uppercase; margin: 0 0 1mm; }
      table { width: 100%; border-collapse: collapse; margin-top: 3mm; }
      th, td { border: 1px solid #999; padding: 1mm 1.5mm; text-align: right; vertical-align: top; }
      th { background: #eee; font-weight: 600; }
      td.text { text-align: left; }
      tfoot td { font-weight: 600; }
      .total td { font-size: 12pt; font-weight: 700; }
      .words, .declaration, .cancelled { margin-top: 3mm; }
      .cancelled { border: 2px solid #000; padding: 2mm; font-weight: 600; }
      footer { margin-top: 10mm; text-align: right; }
      .scroll { overflow-x: auto; }
      @media screen and (max-width: 600px) { body { font-size: 8.5pt; padding: 2mm; } th, td { padding: 0.5mm 1mm; } .parties { flex-direction: column; gap: 2mm; } }
      @media print { body { max-width: none; padding: 0; } th { background: none; } }
    </style>
  </head>
  <body>
    <header>
      <div>
        <h1>${e(shop.legalName || shop.name)}</h1>
        ${shopLines.map((line) => `<p>${e(line)}</p>`).join('\n        ')}
      </div>
      <div class="facts">
        <h2>${e(title)}</h2>
        <p>No. ${e(invoice.number)}</p>
        <p>Date ${e(dayText(invoice.date))}</p>
      </div>
    </header>
    <section class="parties">
      <div>
        <h3>Billed and delivered to</h3>
        ${buyerLines.map((line) => `<p>${e(line)}</p>`).join('\n        ')}
      </div>
      ${invoice.placeOfSupply ? `<p>Place of supply: ${e(`${buyer.state} (${invoice.placeOfSupply})`)}</p>` : ''}
    </section>
    <div class="scroll">
    <table>
      <thead>
        <tr>${header}</tr>
      </thead>
      <tbody>
        ${lines}
      </tbody>
      <tfoot>
        <tr class="total"><td colspan="${taxed ? 9 : 5}" class="text">Total</td>${cell(formatAmount(toRupees(invoice.amountPaise), ORDER_CURRENCY))}</tr>
      </tfoot>
    </table>
    </div>
    ${
      taxed
        ? `<div class="scroll">
    <table>
      <thead>
        <tr><th scope="col">GST</th><th scope="col">Taxable value</th><th scope="col">CGST</th><th scope="col">SGST</th><th scope="col">Tax</th></tr>
      </thead>
      <tbody>
        ${summary}
      </tbody>
    </table>
    </div>`
        : ''
    }
    <p class="words">${e(amountInWords(invoice.amountPaise))}</p>
    ${invoice.kind === 'bill-of-supply' ? `<p class="declaration">${e(COMPOSITION_DECLARATION)}</p>` : ''}
    ${page.creditNote ? `<p class="cancelled">${e(`Cancelled: credit note ${page.creditNote.number} of ${dayText(page.creditNote.date)} reverses this ${title.toLowerCase()}.`)}</p>` : ''}
    <footer>For ${e(shop.legalName || shop.name)}</footer>
  </body>
</html>
`;
}
