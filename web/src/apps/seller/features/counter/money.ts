import {
  formatAmount,
  formatQuantity,
  ORDER_CURRENCY,
  pricePerUnitText,
  toPaise,
  toRupees,
  type CounterSale,
  type Paise,
  type Product,
} from '@kirana/shared';

/** An amount on the seller's screens: '₹336.60' (printed receipts write 'Rs', printers lack ₹). */
export const rupees = (amount: number): string => formatAmount(amount, ORDER_CURRENCY);

/**
 * Rupees as typed, with the commas of Indian or international grouping taken out ('1,500',
 * '1,00,000.50'); commas anywhere else are left for the reading to refuse.
 */
export const ungrouped = (typed: string): string => {
  const text = typed.trim();
  return /^\d{1,3}(,\d{2})*(,\d{3})(\.\d{1,2})?$|^\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(text)
    ? text.replaceAll(',', '')
    : text;
};

/** An amount in paise, as the seller's screens write it. */
export const paiseText = (paise: Paise): string => rupees(toRupees(paise));

/** The attributes of a box rupees are typed in at the counter: the decimal keyboard, no suggestions. */
export const RUPEES_BOX = { type: 'text', inputMode: 'decimal', autoComplete: 'off' } as const;

/** A product's price as the till shows it: per piece, '₹40.00', or per kilo (litre), '₹140.00/kg'. */
export const priceText = ({ offerPrice, unit }: Pick<Product, 'offerPrice' | 'unit'>): string =>
  unit === 'piece'
    ? rupees(offerPrice)
    : pricePerUnitText(toPaise(offerPrice), unit, ORDER_CURRENCY);

/** How a recorded sale was paid, in the till's words. */
export const paidText = (sale: CounterSale): string => {
  if (sale.payment === 'cash') return `change to give ${rupees(sale.change ?? 0)}`;
  if (sale.payment === 'upi') return 'paid by UPI';
  const onKhata = `${rupees(sale.onKhata ?? 0)} on the khata${sale.customer ? ` of ${sale.customer.name}` : ''}`;
  const paid = sale.paid ?? { cash: 0, upi: 0 };
  const now = [
    paid.cash > 0 && `${rupees(paid.cash)} in cash`,
    paid.upi > 0 && `${rupees(paid.upi)} by UPI`,
  ].filter(Boolean);
  return now.length > 0 ? `${onKhata}, ${now.join(' and ')} paid now` : onKhata;
};

/**
 * A recorded sale's number as its receipt prints it: its invoice's (`KS/26-27/12`, in every mode
 * since the GST documents, docs/gst.md#numbers), else the till's count of bills.
 */
export const billNumberText = (sale: Pick<CounterSale, 'number' | 'invoice'>): string =>
  sale.invoice?.number ?? String(sale.number);

/**
 * The GST within a sale's amount, in rupees, from its lines as sold (CGST and SGST, the
 * `regular` mode's); null when no line carries any (the shop was not registered then).
 */
export function gstWithin(sale: Pick<CounterSale, 'lines'>): number | null {
  const taxed = sale.lines.filter((line) => line.cgst !== null && line.sgst !== null);
  if (taxed.length === 0) return null;
  const paise = taxed.reduce(
    (sum, line) => sum + toPaise(line.cgst ?? 0) + toPaise(line.sgst ?? 0),
    0,
  );
  return toRupees(paise);
}

/** What a sale sold, line by line: "2 × Tea, 0.750 kg × Onion". */
export const itemsText = (sale: CounterSale): string =>
  sale.lines.map((line) => `${formatQuantity(line.quantity, line.unit)} × ${line.name}`).join(', ');
