/**
 * What a receipt of the till says, line by line, whatever prints it: the ESC/POS bytes of a
 * thermal printer (receipt-escpos.ts) and the HTML page of any other (receipt-html.ts). It reads
 * the sale as the API answers it (`CounterSale`), so the server, the desktop app and the Counter
 * without a connection print the same receipt. A sale with a document says what the law asks of
 * it in the mode it was issued in (docs/counter.md#the-bill-the-law-asks-for).
 */
import * as z from 'zod/mini';
import type { CounterSale } from '../contract/counter.js';
import { shopSchema } from '../contract/shop.js';
import {
  amountInWords,
  COMPOSITION_DECLARATION,
  taxByRate,
  type DocumentKind,
  type TaxMode,
} from '../domain/gst.js';
import {
  formatAmount,
  pricePerUnitText,
  SHOP_CURRENCY,
  TAX_PERCENT,
  toPaise,
  toRupees,
  type CurrencySymbol,
} from '../domain/money.js';
import { formatReceiptQuantity, type Unit } from '../domain/quantity.js';

/**
 * What of the shop a receipt says. `gstin` is the one its document was issued under: the shop's
 * now for a sale just made; the server passes the document's own for a reprint.
 */
export const receiptShopSchema = z.pick(shopSchema, {
  name: true,
  phone: true,
  address: true,
  timeZone: true,
  legalName: true,
  gstin: true,
});
export type ReceiptShop = z.infer<typeof receiptShopSchema>;

export interface Receipt {
  /** 'TAX INVOICE' or 'BILL OF SUPPLY' above the shop's name; null for a plain bill. */
  title: string | null;
  /** The shop's name; a registered shop's legal name. */
  shop: string;
  /** Under the name: where the shop is (when given), its phone, and a registered shop's GSTIN. */
  contact: string[];
  /**
   * 'Invoice No. KS/26-27/12', 'Bill No. 26-27/12', 'Invoice No. KS/C1/26-27/5' (a counter's own
   * series); 'Bill 17' for a sale from before documents.
   */
  bill: string;
  /** '27 Nov 2026, 2:40 pm', on the shop's clock. */
  date: string;
  lines: Array<{
    name: string;
    unit: Unit;
    /** '3' pieces, or a loose line's weight to the gram, '0.750 kg' (a column of them lines up). */
    quantity: string;
    /** The price per piece, 'Rs 97.92', or per kilo (litre), 'Rs 140.00/kg'. */
    unitPrice: string;
    amount: string;
    /** A tax invoice's line: its HSN code and rate, 'HSN 0405 GST 5%'; else null. */
    tax: string | null;
  }>;
  /** A tax invoice's taxable value and CGST and SGST by rate (percent), lowest rate first. */
  taxSummary: Array<{ rate: number; taxable: string; cgst: string; sgst: string }>;
  /** [label, amount] rows under the lines: subtotal, the spec's tax, total; or the total alone. */
  totals: Array<[string, string]>;
  /** A tax invoice's total in words, 'One Thousand Rupees Only'; else null. */
  words: string | null;
  /** The words a bill of supply must carry; else null. */
  declaration: string | null;
  /**
   * How it was paid: cash tendered and change, or UPI, or on the khata (what was paid now, what
   * went on it, whose khata, their balance after the bill and their limit); and any money given
   * back.
   */
  payment: Array<[string, string]>;
  footer: string;
}

const TITLES: Record<TaxMode, string | null> = {
  regular: 'TAX INVOICE',
  composition: 'BILL OF SUPPLY',
  unregistered: null,
  spec: null,
};

/**
 * The tax mode `sale`'s document was issued in, read from the sale itself so that a reprint
 * after the shop changed its mode prints what was issued: a tax invoice is `regular`, a bill of
 * supply `composition`; a plain bill charged the spec's tax is `spec`, one without tax
 * `unregistered`. A sale from before documents is the spec's.
 */
export function receiptModeOf(sale: Pick<CounterSale, 'invoice' | 'tax'>): TaxMode {
  const kind: DocumentKind | undefined = sale.invoice?.kind;
  if (kind === undefined) return 'spec';
  if (kind === 'tax-invoice') return 'regular';
  if (kind === 'bill-of-supply') return 'composition';
  return sale.tax > 0 ? 'spec' : 'unregistered';
}

/** `at` on the shop's clock, in plain ASCII: every printer's code page has it. */
function receiptDate(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-IN', {
      timeZone,
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day} ${parts.month} ${parts.year}, ${parts.hour}:${parts.minute} ${String(parts.dayPeriod).toLowerCase()}`;
}

/**
 * A khata sale's payment rows: its parts paid now (a split), what went on the khata, and whose
 * khata it is, with their balance just after this bill and their limit.
 */
function khataRows(sale: CounterSale, rs: (rupees: number) => string): Array<[string, string]> {
  const rows: Array<[string, string]> = [];
  if (sale.paid && sale.paid.cash > 0) rows.push(['Paid in cash', rs(sale.paid.cash)]);
  if (sale.paid && sale.paid.upi > 0) rows.push(['Paid by UPI', rs(sale.paid.upi)]);
  rows.push(['On khata', rs(sale.onKhata)]);
  if (sale.customer)
    rows.push(
      [`Khata: ${sale.customer.name}`, ''],
      ['Khata balance', rs(sale.customer.balance)],
      ['Credit limit', rs(sale.customer.creditLimit)],
    );
  return rows;
}

/**
 * The receipt of `sale` from `shop`, its amounts written with `symbol`: 'Rs 97.92' for a thermal
 * printer, whose code pages have no rupee sign; '₹97.92' for a page a browser prints. A loose
 * line says its weight to the gram and its price per kilo (litre), and its amount as the sale
 * priced it. By the mode its document was issued in (receiptModeOf): a tax invoice (`regular`)
 * says the shop's legal name, GSTIN, each line's HSN and rate, the tax by rate and the total in
 * words; a bill of supply (`composition`) the GSTIN and the declaration; a plain bill
 * (`unregistered`) its number and total; the spec's bill its 2 % as always.
 * @throws RangeError when an amount of the sale is negative or not a number of rupees.
 */
export function receiptOf(
  sale: CounterSale,
  shop: ReceiptShop,
  symbol: CurrencySymbol = SHOP_CURRENCY,
): Receipt {
  const rs = (rupees: number) => formatAmount(rupees, symbol);
  const payment: Array<[string, string]> =
    sale.payment === 'cash'
      ? [
          ['Cash', rs(sale.tendered ?? sale.amount)],
          ['Change', rs(sale.change ?? 0)],
        ]
      : sale.payment === 'upi'
        ? [['Paid by UPI', rs(sale.amount)]]
        : khataRows(sale, rs);
  if (sale.refunded > 0)
    payment.push([sale.payment === 'khata' ? 'Back on khata' : 'Given back', rs(sale.refunded)]);
  const mode = receiptModeOf(sale);
  const registered = mode === 'regular' || mode === 'composition';
  // Summed in paise, as the document was: rupees added as numbers would drift.
  const sold = sale.lines.filter((line) => line.taxable !== null);
  return {
    title: TITLES[mode],
    shop: registered && shop.legalName ? shop.legalName : shop.name,
    contact: [
      ...(shop.address ? shop.address.split('\n') : []),
      `Phone ${shop.phone}`,
      ...(registered && shop.gstin ? [`GSTIN ${shop.gstin}`] : []),
    ],
    bill: sale.invoice
      ? `${mode === 'regular' ? 'Invoice' : 'Bill'} No. ${sale.invoice.number}`
      : `Bill ${sale.number}`,
    date: receiptDate(new Date(sale.createdAt), shop.timeZone),
    lines: sale.lines.map(
      ({ name, quantity, unit, unitPrice, amount, returned, hsn, gstRate }) => ({
        name: returned > 0 ? `${name} (${formatReceiptQuantity(returned, unit)} returned)` : name,
        unit,
        quantity: formatReceiptQuantity(quantity, unit),
        unitPrice:
          unit === 'piece' ? rs(unitPrice) : pricePerUnitText(toPaise(unitPrice), unit, symbol),
        amount: rs(amount),
        tax: mode === 'regular' ? `HSN ${hsn ?? '-'} GST ${gstRate ?? '-'}%` : null,
      }),
    ),
    taxSummary:
      mode === 'regular'
        ? taxByRate(
            sold.map((line) => ({
              rate: line.gstRate ?? 0,
              taxable: toPaise(line.taxable ?? 0),
              cgst: toPaise(line.cgst ?? 0),
              sgst: toPaise(line.sgst ?? 0),
            })),
          ).map((sum) => ({
            rate: sum.rate,
            taxable: rs(toRupees(sum.taxable)),
            cgst: rs(toRupees(sum.cgst)),
            sgst: rs(toRupees(sum.sgst)),
          }))
        : [],
    totals:
      mode === 'spec'
        ? [
            ['Subtotal', rs(sale.subtotal)],
            [`Tax (${TAX_PERCENT}%)`, rs(sale.tax)],
            ['Total', rs(sale.amount)],
          ]
        : [['Total', rs(sale.amount)]],
    words: mode === 'regular' ? amountInWords(toPaise(sale.amount)) : null,
    declaration: mode === 'composition' ? COMPOSITION_DECLARATION : null,
    payment,
    footer: 'Thank you! Please come again.',
  };
}
