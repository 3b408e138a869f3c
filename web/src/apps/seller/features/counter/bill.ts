/*
 * The bill at the counter as the seller builds it: its lines, its totals by the shop's cart
 * rules, the cash tendered and the change, and the sale it asks for. Pure: the Counter screen
 * holds it in state.
 */
import {
  cartTotals,
  MAX_LINE_QUANTITY,
  toPaise,
  type CartTotals,
  type CounterPayment,
  type CounterSaleBody,
  type Paise,
  type Product,
} from '@kirana/shared';
import { ungrouped } from './money';

export interface BillLine {
  product: Product;
  quantity: number;
}

/** The lines of the bill, the newest last. */
export type Bill = readonly BillLine[];

/** `quantity` more of `product` on the bill: a line of its own, or added to its line. */
export function addToBill(bill: Bill, product: Product, quantity = 1): Bill {
  const held = bill.find((line) => line.product._id === product._id);
  if (!held) return [...bill, { product, quantity: Math.min(quantity, MAX_LINE_QUANTITY) }];
  return bill.map((line) =>
    line === held
      ? { product, quantity: Math.min(line.quantity + quantity, MAX_LINE_QUANTITY) }
      : line,
  );
}

/** The line of `productId` at `quantity` units; 0 takes it off the bill. */
export function setQuantity(bill: Bill, productId: string, quantity: number): Bill {
  if (quantity <= 0) return bill.filter((line) => line.product._id !== productId);
  return bill.map((line) =>
    line.product._id === productId
      ? { ...line, quantity: Math.min(Math.floor(quantity), MAX_LINE_QUANTITY) }
      : line,
  );
}

/** What is on `bill` beyond `sold` (a sale recorded from an earlier state of it). */
export function billBeyond(bill: Bill, sold: CounterSaleBody['items']): Bill {
  const taken = new Map<string, number>();
  for (const item of sold)
    if (item.product && item.quantity !== undefined) taken.set(item.product, item.quantity);
  return bill.flatMap((line) => {
    const quantity = line.quantity - (taken.get(line.product._id) ?? 0);
    return quantity > 0 ? [{ ...line, quantity }] : [];
  });
}

/** `more` added to `bill`, line by line. */
export const joinBills = (bill: Bill, more: Bill): Bill =>
  more.reduce((each, line) => addToBill(each, line.product, line.quantity), bill);

/** The bill's subtotal, tax and total in paise, as the server will price it. */
export const billTotals = (bill: Bill): CartTotals =>
  cartTotals(
    bill.map((line) => ({
      unitPrice: toPaise(line.product.offerPrice),
      unit: line.product.unit,
      quantity: line.quantity,
    })),
  );

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
 * `3*8901234567890` (or `3 x …`, the x between spaces: a code may hold an x) asks for 3 units.
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
): CounterSaleBody {
  return {
    items: bill.map((line) => ({ product: line.product._id, quantity: line.quantity })),
    payment,
    amount: amount / 100,
    ...(payment === 'cash' && tendered !== undefined && { tendered: tendered / 100 }),
    ...(sellPastCount && { sellPastCount }),
  };
}

/**
 * Whether the bill can be sold as it stands: lines the stock allows (or, with the seller's word,
 * sold past the count), a total, and the cash tendered covering it, or (UPI) a UPI id for the QR
 * code.
 */
export function readyToSell(
  bill: Bill,
  payment: CounterPayment,
  tendered: string,
  upiId: string,
): boolean {
  if (bill.length === 0 || bill.some((line) => shortOf(line) > pastCountOf(line))) return false;
  const { total } = billTotals(bill);
  if (total <= 0) return false;
  return payment === 'cash' ? 'change' in cashFor(total, tendered) : upiId !== '';
}
