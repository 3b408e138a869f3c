/*
 * The till's arithmetic (docs/counter.md#the-day), in paise: the bill by the shop's own cart rules,
 * what a return gives back, and the cash a day of the till should end with.
 */
import type { TaxMode } from './gst.js';
import { cartTotals, FREE_DELIVERY, type Paise, type PricedLine } from './money.js';

/**
 * A line of a walk-in sale: its unit price, the units (grams, ml) sold and those returned since,
 * by `unit` (pieces when not said).
 */
export interface TillLine extends PricedLine {
  returned: number;
}

/** The bill's total for units of `lines` in tax `mode`, none for no units. */
function billOf(lines: readonly PricedLine[], mode: TaxMode): Paise {
  const counted = lines.filter((line) => line.quantity > 0);
  return counted.length === 0 ? 0 : cartTotals(counted, FREE_DELIVERY, mode).total;
}

/**
 * The money a return of `returning[i]` more units of each line gives back: what the units
 * returned so far would have cost (tax included) after the return, less before it, by the tax
 * `mode` the sale was billed in (the spec's 2 % added, or prices final). Returns add up to the
 * amount paid once every unit is back, never a paisa more, whatever they are split in.
 * @throws RangeError when a line would come back more than it was sold.
 */
export function refundOf(
  lines: readonly TillLine[],
  returning: readonly number[],
  mode: TaxMode = 'spec',
): Paise {
  const after = lines.map((line, index) => {
    const quantity = line.returned + (returning[index] ?? 0);
    if (quantity > line.quantity)
      throw new RangeError(`line ${index} would return ${quantity} of ${line.quantity} sold`);
    return { unitPrice: line.unitPrice, unit: line.unit, quantity };
  });
  const before = lines.map((line) => ({
    unitPrice: line.unitPrice,
    unit: line.unit,
    quantity: line.returned,
  }));
  return billOf(after, mode) - billOf(before, mode);
}

/** A day of the till, in paise. */
export interface TillDay {
  openingFloat: Paise;
  cashSales: Paise;
  cashReturns: Paise;
  /** The agents' cash handed over at the counter while the day was open. */
  handovers: Paise;
  /** Cash paid out of the drawer meanwhile (a cancelled cash order's money given back). */
  payouts: Paise;
  /** Khata payments received in cash while the day was open (none: 0). */
  khataCash?: Paise;
}

/**
 * The cash the drawer should hold: the float, plus cash sales (a khata sale's part paid in cash
 * too), less cash given back, plus handovers and khata payments in cash, less pay-outs.
 */
export const expectedCash = (day: TillDay): Paise =>
  day.openingFloat +
  day.cashSales -
  day.cashReturns +
  day.handovers +
  (day.khataCash ?? 0) -
  day.payouts;

/**
 * The UPI payment link a QR code carries for `amount` to the shop (NPCI's `upi://pay`): any UPI
 * app that scans it pays exactly that to `upiId`, with `note` (the bill) as its remark.
 */
export function upiPaymentUri(
  payee: { upiId: string; upiName: string },
  amount: Paise,
  note: string,
): string {
  // The id is letters, digits and . - _ @ (shop settings); names and notes are %-encoded, as
  // UPI apps read them ('+' would stay a plus).
  const text = encodeURIComponent;
  return `upi://pay?pa=${payee.upiId}&pn=${text(payee.upiName || payee.upiId)}&am=${(amount / 100).toFixed(2)}&tn=${text(note)}&cu=INR`;
}
