/*
 * How much of a product a line holds. A product is sold by the piece (the default) or loose, by
 * the kilo or the litre; a loose product's price is per kilo or litre, and its quantities (stock,
 * a line, a pack, a step) are whole grams or millilitres, so no quantity is ever a fraction.
 */
import type { Paise } from './money.js';

export const UNITS = ['piece', 'kg', 'L'] as const;
/** How a product is sold: by the piece, by the kilo or by the litre. */
export type Unit = (typeof UNITS)[number];
/** A loose product's unit: its quantities are grams (kg) or millilitres (L). */
export type LooseUnit = Exclude<Unit, 'piece'>;

/** The most of a loose product one line, step or typed weight holds: 1,000 kg or 1,000 L. */
export const MAX_LOOSE_QUANTITY = 1_000_000;

/** The most pieces of one product a line holds. */
export const MAX_LINE_QUANTITY = 999;

/**
 * Why `quantity` cannot be a line's of a product sold by `unit`, or null when it can: pieces a
 * whole number from 1 to {@link MAX_LINE_QUANTITY}, grams (millilitres) a whole number from 1 to
 * {@link MAX_LOOSE_QUANTITY}. The request schemas take any whole number up to the larger, since
 * they do not know the product; the server asks this once it does.
 */
export function lineQuantityProblem(quantity: number, unit: Unit): string | null {
  const most = unit === 'piece' ? MAX_LINE_QUANTITY : MAX_LOOSE_QUANTITY;
  if (Number.isInteger(quantity) && quantity >= 1 && quantity <= most) return null;
  return unit === 'piece'
    ? `quantity must be an integer from 1 to ${MAX_LINE_QUANTITY}`
    : `quantity must be whole grams (ml) from 1 to ${MAX_LOOSE_QUANTITY}`;
}

const PER_UNIT = 1000;

/** `numerator / denominator` rounded to the nearest whole number, a half upwards; both ≥ 0. */
function divideHalfUp(numerator: number, denominator: number): number {
  const doubled = 2 * numerator + denominator;
  if (!Number.isSafeInteger(doubled)) throw new RangeError(`${numerator} is too large`);
  // Integer division by remainder: a float division could round across a whole number.
  return (doubled - (doubled % (2 * denominator))) / (2 * denominator);
}

function checkWhole(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a whole number from 0, got ${value}`);
  }
}

/**
 * What a line costs, in paise, by the one rule of every cart, order, bill and return:
 * - by the piece, the price times the count, exactly;
 * - loose, the price per kilo (or litre) times the grams (or millilitres) divided by 1,000,
 *   rounded to the nearest paisa, half a paisa upwards (750 g at ₹140.05/kg is ₹105.0375:
 *   ₹105.04; 5 g at ₹1.10/kg is 0.55 paise: 1 paisa).
 *
 * Each line is rounded on its own and a bill adds the rounded lines (money.ts cartTotals), so that
 * a bill's total is always the sum of the amounts its lines show.
 * @throws RangeError when the price or quantity is not a whole number from 0, or the amount is
 * too large to count exactly.
 */
export function lineAmount(pricePerUnit: Paise, quantity: number, unit: Unit): Paise {
  checkWhole('pricePerUnit', pricePerUnit);
  checkWhole('quantity', quantity);
  const product = pricePerUnit * quantity;
  if (!Number.isSafeInteger(product)) throw new RangeError('line amount is too large');
  return unit === 'piece' ? product : divideHalfUp(product, PER_UNIT);
}

/**
 * The grams (or millilitres) of a loose product that `amount` buys at `pricePerUnit` a kilo (or
 * litre): amount × 1,000 / price, to the nearest gram, half a gram upwards. Its line amount is
 * within half a gram's price (and half a paisa) of `amount`, not always equal: at ₹140/kg a gram
 * costs 14 paise, so most amounts fall between two weights.
 * @throws RangeError when `amount` is not a whole number from 0 or `pricePerUnit` is not a whole
 * number above 0.
 */
export function quantityForAmount(amount: Paise, pricePerUnit: Paise): number {
  checkWhole('amount', amount);
  checkWhole('pricePerUnit', pricePerUnit);
  if (pricePerUnit === 0) throw new RangeError('pricePerUnit must be above 0');
  return divideHalfUp(amount * PER_UNIT, pricePerUnit);
}

/** `quantity` thousandths as a decimal: to three places when `fixed`, else without trailing zeros. */
function thousandths(quantity: number, fixed: boolean): string {
  const text = (quantity / 1000).toFixed(3);
  return fixed ? text : text.replace(/\.?0+$/, '');
}

/**
 * A quantity as a shopper reads it: pieces as a count ("3"); under a kilo (litre) in grams
 * (millilitres), "750 g", "250 ml"; from a kilo (litre) in kilos (litres) without trailing
 * zeros, "1.5 kg", "2 kg", "1.25 L".
 */
export function formatQuantity(quantity: number, unit: Unit): string {
  if (unit === 'piece') return String(quantity);
  if (quantity < 1000) return `${quantity} ${unit === 'kg' ? 'g' : 'ml'}`;
  return `${thousandths(quantity, false)} ${unit}`;
}

/**
 * A quantity as a receipt prints it, in the unit its price is per: pieces as a count ("3"),
 * loose always in kilos (litres) to three decimals, "0.750 kg", "1.500 L", so a column of
 * weights lines up.
 */
export function formatReceiptQuantity(quantity: number, unit: Unit): string {
  return unit === 'piece' ? String(quantity) : `${thousandths(quantity, true)} ${unit}`;
}
