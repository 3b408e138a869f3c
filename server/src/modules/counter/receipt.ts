/**
 * What a receipt of the till says, line by line, whatever prints it: the ESC/POS bytes of a
 * thermal printer (receipt-escpos.ts) and the HTML page of any other (receipt-html.ts).
 */
import {
  formatAmount,
  formatReceiptQuantity,
  lineAmount,
  pricePerUnitText,
  SHOP_CURRENCY,
  TAX_PERCENT,
  toRupees,
  type CurrencySymbol,
  type Unit,
} from '@kirana/shared';
import type { ShopSettings } from '../shop/shop.entity.js';
import type { SaleRecord } from './counter-reads.js';

/** What of the shop's settings a receipt says. */
export type ReceiptShop = Pick<ShopSettings, 'name' | 'phone' | 'address' | 'timeZone'>;

export interface Receipt {
  shop: string;
  /** Under the name: where the shop is (when given) and its phone. */
  contact: string[];
  /** 'Bill 17'. */
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
  }>;
  /** [label, amount] rows under the lines: subtotal, tax, total. */
  totals: Array<[string, string]>;
  /**
   * How it was paid: cash tendered and change, or UPI, or on the khata (what was paid now, what
   * went on it, whose khata, their balance after the bill and their limit); and any money given
   * back.
   */
  payment: Array<[string, string]>;
  footer: string;
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
 * the sale was priced by (quantity.ts lineAmount).
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
  return {
    shop: shop.name,
    contact: [...(shop.address ? shop.address.split('\n') : []), `Phone ${shop.phone}`],
    bill: `Bill ${sale.number}`,
    date: receiptDate(sale.createdAt, shop.timeZone),
    lines: sale.lines.map(({ name, quantity, unit, unitPricePaise, returned }) => ({
      name: returned > 0 ? `${name} (${formatReceiptQuantity(returned, unit)} returned)` : name,
      unit,
      quantity: formatReceiptQuantity(quantity, unit),
      unitPrice:
        unit === 'piece' ? rs(unitPricePaise) : pricePerUnitText(unitPricePaise, unit, symbol),
      amount: rs(lineAmount(unitPricePaise, quantity, unit)),
    })),
    totals: [
      ['Subtotal', rs(sale.subtotalPaise)],
      [`Tax (${TAX_PERCENT}%)`, rs(sale.taxPaise)],
      ['Total', rs(sale.amountPaise)],
    ],
    payment,
    footer: 'Thank you! Please come again.',
  };
}
