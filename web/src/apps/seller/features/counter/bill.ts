/*
 * The bill at the counter as the seller builds it: its lines, its totals by the shop's cart
 * rules, the cash tendered and the change, and the sale it asks for. Pure: the Counter screen
 * holds it in state.
 */
import {
  cartTotals,
  FREE_DELIVERY,
  lineAmount,
  MAX_LINE_QUANTITY,
  MAX_LOOSE_QUANTITY,
  parseWeight,
  toPaise,
  type CartTotals,
  type CounterPayment,
  type CounterSaleBody,
  type Paise,
  type Product,
  type Shop,
  type TaxMode,
  type Unit,
} from '@kirana/shared';
import { ungrouped } from './money';

/**
 * The shop's settings the till sells by: its UPI id (none: UPI is not taken) and how it bills
 * (docs/gst.md#tax-modes: only the spec's mode adds tax to the total).
 */
export type TillShop = Pick<Shop, 'upiId' | 'tax'>;

/** The khata customer a bill goes on, as they stood when chosen. */
export interface TillCustomer {
  _id: string;
  name: string;
  phone: string;
  balance: number;
  creditLimit: number;
}

/** Of a bill on the khata, the part paid now (as typed, empty: none) and how. */
export interface KhataSplit {
  paid: string;
  by: 'cash' | 'upi';
}

export const NO_SPLIT: KhataSplit = { paid: '', by: 'cash' };

/** A weighing scale's label on the bill: the code scanned and the grams (millilitres) it holds. */
export interface BillLabel {
  code: string;
  quantity: number;
}

export interface BillLine {
  product: Product;
  /** Pieces, or grams (millilitres) of a product sold by the kilo (litre). */
  quantity: number;
  /**
   * The scale labels this line's quantity came from, all or part of it: the sale sends them as
   * scanned, for the server to read (docs/counter.md#weighing-scale-labels).
   */
  labels?: readonly BillLabel[];
}

/** The lines of the bill, the newest last. */
export type Bill = readonly BillLine[];

/** Whether `product` is weighed at the counter: sold by the kilo or litre, not the piece. */
export const isLoose = (product: Pick<Product, 'unit'>): boolean => product.unit !== 'piece';

/** The most one line holds of a product sold by `unit`: pieces, or grams (millilitres). */
export const mostOnALine = (unit: Unit): number =>
  unit === 'piece' ? MAX_LINE_QUANTITY : MAX_LOOSE_QUANTITY;

const labelsOf = (line: BillLine): readonly BillLabel[] => line.labels ?? [];
const labelled = (labels: readonly BillLabel[]) =>
  labels.reduce((sum, label) => sum + label.quantity, 0);

/**
 * `quantity` more of `product` on the bill (pieces, or grams of a loose product): a line of its
 * own, or added to its line, up to what a line holds. A scale `label` adds its own weight, or
 * nothing when that would take the line past what it holds (the label is not cut short).
 */
export function addToBill(bill: Bill, product: Product, quantity = 1, label?: BillLabel): Bill {
  const most = mostOnALine(product.unit);
  const held = bill.find((line) => line.product._id === product._id);
  const before = held?.quantity ?? 0;
  if (label && before + label.quantity > most) return bill;
  const labels = [...(held ? labelsOf(held) : []), ...(label ? [label] : [])];
  const line: BillLine = {
    product,
    quantity: Math.min(before + (label?.quantity ?? quantity), most),
    ...(labels.length > 0 && { labels }),
  };
  if (!held) return [...bill, line];
  return bill.map((each) => (each === held ? line : each));
}

/**
 * The line of `productId` at `quantity` (pieces, or grams of a loose product); 0 takes it off
 * the bill. A weight typed over a line's labels is the seller's word for the whole line: the
 * labels go.
 */
export function setQuantity(bill: Bill, productId: string, quantity: number): Bill {
  if (quantity <= 0) return bill.filter((line) => line.product._id !== productId);
  return bill.map((line) =>
    line.product._id === productId
      ? {
          product: line.product,
          quantity: Math.min(Math.floor(quantity), mostOnALine(line.product.unit)),
        }
      : line,
  );
}

/**
 * A quantity as the seller types it of a product sold by `unit`: pieces as a count of up to 3
 * digits; a loose product's weight as parseWeight reads it ("0.75", "750g", "1.2kg"); nothing or
 * 0 ("0.000" too) is none. Otherwise why it is refused.
 */
export function typedQuantity(
  text: string,
  unit: Unit,
): { quantity: number } | { problem: string } {
  const typed = text.trim();
  if (typed === '' || /^0+(\.0*)?$/.test(typed)) return { quantity: 0 };
  if (unit !== 'piece') {
    const reading = parseWeight(typed, unit);
    return reading.ok ? { quantity: reading.quantity } : { problem: reading.message };
  }
  return /^\d{1,3}$/.test(typed)
    ? { quantity: Number(typed) }
    : { problem: `Type a number of pieces, up to ${MAX_LINE_QUANTITY}` };
}

/** What is on `bill` beyond `sold` (a sale recorded from an earlier state of it). */
export function billBeyond(bill: Bill, sold: CounterSaleBody['items']): Bill {
  const taken = new Map<string, number>();
  const soldLabels = new Set<string>();
  for (const item of sold) {
    if (item.product) taken.set(item.product, item.quantity ?? 0);
    else if (item.code !== undefined) soldLabels.add(item.code);
  }
  return bill.flatMap((line) => {
    const labels = labelsOf(line).filter((label) => !soldLabels.has(label.code));
    const labelsTaken = labelled(labelsOf(line)) - labelled(labels);
    const quantity = line.quantity - labelsTaken - (taken.get(line.product._id) ?? 0);
    if (quantity <= 0) return [];
    return [{ product: line.product, quantity, ...(labels.length > 0 && { labels }) }];
  });
}

/** The scale labels on `bill`, as scanned. */
export const labelCodes = (bill: Bill): string[] =>
  bill.flatMap((line) => labelsOf(line).map((label) => label.code));

/**
 * `line` with its labels' grams as the server reads them now (`weights`, by code; a label not
 * read keeps its own): a price label's grams move with the product's price.
 */
export function withLabelsRead(line: BillLine, weights: ReadonlyMap<string, number>): BillLine {
  const before = labelsOf(line);
  if (before.length === 0) return line;
  const labels = before.map((label) => ({
    ...label,
    quantity: weights.get(label.code) ?? label.quantity,
  }));
  const quantity = line.quantity - labelled(before) + labelled(labels);
  return { ...line, quantity: Math.min(quantity, mostOnALine(line.product.unit)), labels };
}

/** `more` added to `bill`, line by line, with their labels. */
export const joinBills = (bill: Bill, more: Bill): Bill =>
  more.reduce((each, line) => {
    const labels = labelsOf(line);
    const typed = line.quantity - labelled(labels);
    const withLabels = labels.reduce(
      (sum, label) => addToBill(sum, line.product, label.quantity, label),
      each,
    );
    return typed > 0 ? addToBill(withLabels, line.product, typed) : withLabels;
  }, bill);

/** What a line is priced at: its product's price by `unit`, per piece or per kilo (litre). */
const pricedLine = (line: BillLine) => ({
  unitPrice: toPaise(line.product.offerPrice),
  quantity: line.quantity,
  unit: line.product.unit,
});

/** A line's amount in paise, by the one rule the server prices it by (quantity.ts lineAmount). */
export const lineAmountOf = (line: BillLine): Paise => {
  const { unitPrice, quantity, unit } = pricedLine(line);
  return lineAmount(unitPrice, quantity, unit);
};

/**
 * The bill's subtotal, tax and total in paise, as the server will price it in the shop's `mode`:
 * the spec's 2 % added, or (any other mode) the shelf prices as they are, GST included.
 */
export const billTotals = (bill: Bill, mode: TaxMode): CartTotals =>
  cartTotals(bill.map(pricedLine), FREE_DELIVERY, mode);

/** Units on the bill beyond what the shop counts as left (the server would refuse the sale). */
export function shortOf(line: BillLine): number {
  const left = line.product.stockCount;
  if (!line.product.inStock) return line.quantity;
  return left === null ? 0 : Math.max(0, line.quantity - left);
}

/**
 * Whether the seller may sell `product` past its count, the customer holding the packet: a
 * counted product, unless switched off with units left (the server refuses those however asked).
 */
export const mayPassCount = ({ stockCount, inStock }: Product): boolean =>
  stockCount !== null && (inStock || stockCount === 0);

/** Units of the line beyond its product's count that the seller may sell past it. */
export function pastCountOf(line: BillLine): number {
  const { stockCount } = line.product;
  if (stockCount === null || !mayPassCount(line.product)) return 0;
  return Math.max(0, line.quantity - stockCount);
}

/** The lines that sell past their product's count: the seller's word is asked for first. */
export const pastCountLines = (bill: Bill): BillLine[] =>
  bill.filter((line) => pastCountOf(line) > 0);

/**
 * What the scan box holds, read as a POS reads it: a barcode or code, or a name to search for;
 * `3*8901234567890` (or `3 x …`, the x between spaces: a code may hold an x) asks for 3 units
 * (of a product sold by the piece: a loose one is weighed).
 */
export function readScan(text: string): { quantity: number; text: string } {
  // More than a bill takes is read as asked, for the box to refuse rather than sell fewer.
  const match = /^\s*(\d{1,6})(?:\s*\*\s*|\s+[xX×]\s+)(.+)$/.exec(text);
  const quantity = match ? Number(match[1]) : 1;
  return { quantity: Math.max(quantity, 1), text: (match?.[2] ?? text).trim() };
}

/** Whether scanned text looks like a barcode or code rather than a name: no spaces, has a digit. */
export const looksLikeCode = (text: string): boolean => /^[\w.-]+$/.test(text) && /\d/.test(text);

/**
 * Cash tendered as typed (empty: the exact amount), and the change due; `short` when it is less
 * than the bill.
 */
export function cashFor(
  total: Paise,
  typed: string,
): { tendered: Paise; change: Paise } | { short: Paise } | { invalid: true } {
  // '1,000' as the seller may write it.
  const text = ungrouped(typed);
  if (text === '') return { tendered: total, change: 0 };
  const rupees = Number(text);
  if (!Number.isFinite(rupees) || rupees < 0 || !/^\d+(\.\d{1,2})?$/.test(text))
    return { invalid: true };
  const tendered = toPaise(rupees);
  return tendered < total ? { short: total - tendered } : { tendered, change: tendered - total };
}

/**
 * A bill of `total` on the khata with `split`: the part paid now and the rest on the khata, or
 * why it cannot be sold so (the part paid now must leave something for the khata).
 */
export function khataSplitFor(
  total: Paise,
  split: KhataSplit,
): { paidNow: Paise; onKhata: Paise } | { problem: string } {
  const text = ungrouped(split.paid);
  if (text === '') return { paidNow: 0, onKhata: total };
  const rupees = Number(text);
  if (!Number.isFinite(rupees) || !/^\d+(\.\d{1,2})?$/.test(text))
    return { problem: 'Type the part paid now in rupees, e.g. 200 or 199.50' };
  const paidNow = toPaise(rupees);
  if (paidNow >= total) return { problem: 'Paid in full: choose cash or UPI instead of the khata' };
  return { paidNow, onKhata: total - paidNow };
}

/**
 * The items of a sale of `bill`: each line by its product and quantity (pieces, or grams of a
 * loose product), its scale labels as scanned, without a quantity: the server reads each label
 * again under the shop's prefixes, so a label's weight (or a price label's grams at the price now)
 * is never the till's word (docs/counter.md#weighing-scale-labels).
 */
export function saleItems(bill: Bill): CounterSaleBody['items'] {
  return bill.flatMap((line) => {
    const labels = labelsOf(line);
    const typed = line.quantity - labelled(labels);
    return [
      ...labels.map((label) => ({ code: label.code })),
      ...(typed > 0 ? [{ product: line.product._id, quantity: typed }] : []),
    ];
  });
}

/**
 * The sale the bill asks for, with the total the seller showed (`amount`): the server refuses it
 * if prices have moved since, rather than charge otherwise. `sellPastCount`: the seller's word
 * that the customer holds what the count says is gone.
 */
export function saleBody(
  bill: Bill,
  payment: CounterPayment,
  amount: Paise,
  tendered?: Paise,
  sellPastCount = false,
  khata?: { customer: string; paidNow: Paise; by: KhataSplit['by'] },
): CounterSaleBody {
  return {
    items: saleItems(bill),
    payment,
    amount: amount / 100,
    ...(payment === 'cash' && tendered !== undefined && { tendered: tendered / 100 }),
    ...(payment === 'khata' &&
      khata && {
        customer: khata.customer,
        ...(khata.paidNow > 0 && { paid: { [khata.by]: khata.paidNow / 100 } }),
      }),
    ...(sellPastCount && { sellPastCount }),
  };
}

/**
 * Whether the bill can be sold as it stands: lines the stock allows (or, with the seller's word,
 * sold past the count), a total (by the `shop`'s mode), and the cash tendered covering it, or
 * (UPI) the shop's UPI id for the QR code, or (khata) a customer chosen and a part paid now that
 * leaves some for the khata (by UPI, a UPI id).
 */
export function readyToSell(
  bill: Bill,
  payment: CounterPayment,
  tendered: string,
  { upiId, tax }: TillShop,
  khata: { customer: TillCustomer | null; split: KhataSplit } = {
    customer: null,
    split: NO_SPLIT,
  },
): boolean {
  if (bill.length === 0 || bill.some((line) => shortOf(line) > pastCountOf(line))) return false;
  const { total } = billTotals(bill, tax);
  if (total <= 0) return false;
  if (payment === 'khata') {
    const split = khataSplitFor(total, khata.split);
    if (!khata.customer || 'problem' in split) return false;
    return split.paidNow === 0 || khata.split.by === 'cash' || upiId !== '';
  }
  return payment === 'cash' ? 'change' in cashFor(total, tendered) : upiId !== '';
}
