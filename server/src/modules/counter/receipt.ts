/**
 * What a receipt of the till says, line by line, whatever prints it: the ESC/POS bytes of a
 * thermal printer (receipt-escpos.ts) and the HTML page of any other (receipt-html.ts). A sale
 * with a document says what the law asks of it in the mode it was issued in
 * (docs/counter.md#the-bill-the-law-asks-for).
 */
import {
  amountInWords,
  COMPOSITION_DECLARATION,
  formatAmount,
  formatReceiptQuantity,
  lineAmount,
  percentOf,
  pricePerUnitText,
  SHOP_CURRENCY,
  TAX_PERCENT,
  taxByRate,
  toRupees,
  type CurrencySymbol,
  type TaxMode,
  type Unit,
} from '@kirana/shared';
import type { ShopSettings } from '../shop/shop.entity.js';
import type { SaleRecord } from './counter-reads.js';

/** What of the shop's settings a receipt says. */
export type ReceiptShop = Pick<
  ShopSettings,
  'name' | 'phone' | 'address' | 'timeZone' | 'legalName'
>;

export interface Receipt {
  /** 'TAX INVOICE' or 'BILL OF SUPPLY' above the shop's name; null for a plain bill. */
  title: string | null;
  /** The shop's name; a registered shop's legal name. */
  shop: string;
  /** Under the name: where the shop is (when given), its phone, and a registered shop's GSTIN. */
  contact: string[];
  /** 'Invoice No. KS/26-27/12', 'Bill No. 26-27/12'; 'Bill 17' for a sale from before documents. */
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
function khataRows(sale: SaleRecord, rs: (paise: number) => string): Array<[string, string]> {
  const rows: Array<[string, string]> = [];
  if (sale.paid && sale.paid.cashPaise > 0) rows.push(['Paid in cash', rs(sale.paid.cashPaise)]);
  if (sale.paid && sale.paid.upiPaise > 0) rows.push(['Paid by UPI', rs(sale.paid.upiPaise)]);
  rows.push(['On khata', rs(sale.khataPaise)]);
  if (sale.customer)
    rows.push(
      [`Khata: ${sale.customer.name}`, ''],
      ['Khata balance', rs(sale.customer.balancePaise)],
      ['Credit limit', rs(sale.customer.creditLimitPaise)],
    );
  return rows;
}

/**
 * The receipt of `sale` from `shop`, its amounts written with `symbol`: 'Rs 97.92' for a thermal
 * printer, whose code pages have no rupee sign; '₹97.92' for a page a browser prints. A loose
 * line says its weight to the gram and its price per kilo (litre), and its amount by the one rule
 * the sale was priced by (quantity.ts lineAmount). By the mode its document was issued in: a tax
 * invoice (`regular`) says the shop's legal name, GSTIN, each line's HSN and rate, the tax by
 * rate and the total in words; a bill of supply (`composition`) the GSTIN and the declaration;
 * a plain bill (`unregistered`) its number and total; the spec's bill its 2 % as always.
 */
export function receiptOf(
  sale: SaleRecord,
  shop: ReceiptShop,
  symbol: CurrencySymbol = SHOP_CURRENCY,
): Receipt {
  const rs = (paise: number) => formatAmount(toRupees(paise), symbol);
  const payment: Array<[string, string]> =
    sale.payment === 'cash'
      ? [
          ['Cash', rs(sale.tenderedPaise ?? sale.amountPaise)],
          ['Change', rs(sale.changePaise ?? 0)],
        ]
      : sale.payment === 'upi'
        ? [['Paid by UPI', rs(sale.amountPaise)]]
        : khataRows(sale, rs);
  if (sale.refundedPaise > 0)
    payment.push([
      sale.payment === 'khata' ? 'Back on khata' : 'Given back',
      rs(sale.refundedPaise),
    ]);
  const mode = sale.invoice?.mode ?? 'spec';
  const registered = mode === 'regular' || mode === 'composition';
  const sold = sale.lines.filter((line) => line.taxablePaise !== null);
  return {
    title: TITLES[mode],
    shop: registered && shop.legalName ? shop.legalName : shop.name,
    contact: [
      ...(shop.address ? shop.address.split('\n') : []),
      `Phone ${shop.phone}`,
      ...(registered && sale.invoice?.gstin ? [`GSTIN ${sale.invoice.gstin}`] : []),
    ],
    bill: sale.invoice
      ? `${mode === 'regular' ? 'Invoice' : 'Bill'} No. ${sale.invoice.number}`
      : `Bill ${sale.number}`,
    date: receiptDate(sale.createdAt, shop.timeZone),
    lines: sale.lines.map(({ name, quantity, unit, unitPricePaise, returned, hsn, gstRate }) => ({
      name: returned > 0 ? `${name} (${formatReceiptQuantity(returned, unit)} returned)` : name,
      unit,
      quantity: formatReceiptQuantity(quantity, unit),
      unitPrice:
        unit === 'piece' ? rs(unitPricePaise) : pricePerUnitText(unitPricePaise, unit, symbol),
      amount: rs(lineAmount(unitPricePaise, quantity, unit)),
      tax: mode === 'regular' ? `HSN ${hsn ?? '-'} GST ${percentOf(gstRate) ?? '-'}%` : null,
    })),
    taxSummary:
      mode === 'regular'
        ? taxByRate(
            sold.map((line) => ({
              rate: percentOf(line.gstRate) ?? 0,
              taxable: line.taxablePaise ?? 0,
              cgst: line.cgstPaise ?? 0,
              sgst: line.sgstPaise ?? 0,
            })),
          ).map((sum) => ({
            rate: sum.rate,
            taxable: rs(sum.taxable),
            cgst: rs(sum.cgst),
            sgst: rs(sum.sgst),
          }))
        : [],
    totals:
      mode === 'spec'
        ? [
            ['Subtotal', rs(sale.subtotalPaise)],
            [`Tax (${TAX_PERCENT}%)`, rs(sale.taxPaise)],
            ['Total', rs(sale.amountPaise)],
          ]
        : [['Total', rs(sale.amountPaise)]],
    words: mode === 'regular' ? amountInWords(sale.amountPaise) : null,
    declaration: mode === 'composition' ? COMPOSITION_DECLARATION : null,
    payment,
    footer: 'Thank you! Please come again.',
  };
}
