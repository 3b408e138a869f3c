import type { TaxMode } from './gst.js';
import { lineAmount, lineQuantityProblem, type Unit } from './quantity.js';

/** Money inside the product is integer paise (1 rupee = 100 paise), so sums never drift. */
export type Paise = number;

export const TAX_PERCENT = 2;

/**
 * What the shop charges to deliver (its settings): `fee`, waived from a subtotal of `freeFrom`
 * (0: never waived). The spec's free delivery is a fee of 0.
 */
export interface DeliveryCharge {
  fee: Paise;
  freeFrom: Paise;
}
export const FREE_DELIVERY: DeliveryCharge = { fee: 0, freeFrom: 0 };

/** The delivery fee of an order of `subtotal`. */
export function deliveryFeeFor(subtotal: Paise, { fee, freeFrom }: DeliveryCharge): Paise {
  return freeFrom > 0 && subtotal >= freeFrom ? 0 : fee;
}

/** The shopper app writes amounts as 'Rs 120.50'; order screens use the rupee sign, '₹120.50'. */
export const SHOP_CURRENCY = 'Rs';
export const ORDER_CURRENCY = '₹';
export type CurrencySymbol = typeof SHOP_CURRENCY | typeof ORDER_CURRENCY;

export interface CartTotals {
  subtotal: Paise;
  tax: Paise;
  shipping: Paise;
  total: Paise;
}

/**
 * Rupees as the API speaks them, rounded to the nearest paisa.
 * @throws RangeError when `rupees` is negative, not finite, or too large to count exactly in paise.
 */
export function toPaise(rupees: number): Paise {
  if (!Number.isFinite(rupees) || rupees < 0) {
    throw new RangeError(`rupees must be a finite non-negative number, got ${rupees}`);
  }
  const paise = Math.round(rupees * 100);
  if (!Number.isSafeInteger(paise)) throw new RangeError(`rupees ${rupees} is too large`);
  return paise;
}

/**
 * Paise as rupees with two decimals, e.g. 12345 → 123.45.
 * @throws RangeError when `paise` is not a safe integer.
 */
export function toRupees(paise: Paise): number {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`paise must be an integer, got ${paise}`);
  return paise / 100;
}

/**
 * A line of a cart, an order or a bill: its price per piece, kilo or litre, and how many pieces,
 * grams or millilitres (`unit`, by the piece when not said).
 */
export interface PricedLine {
  unitPrice: Paise;
  quantity: number;
  unit?: Unit;
}

/**
 * Subtotal, tax, delivery and total of a cart or order. Tax is added only in the shop's `spec`
 * mode: 2 % of the subtotal, rounded down to the paisa; in every other mode shelf prices are
 * final (a registered shop's include GST, gst.ts lineTax) and tax is 0. The subtotal is the sum
 * of the lines' amounts, each rounded on its own by the one rule (quantity.ts lineAmount), so
 * that a bill's total is the sum of the amounts its lines show; the shop's delivery fee, waived
 * from its free-delivery subtotal (none by default).
 * @throws RangeError when a unit price is not a non-negative integer, a quantity is not one a
 * line may hold (quantity.ts lineQuantityProblem), or the sum is too large to count exactly.
 */
export function cartTotals(
  lines: readonly PricedLine[],
  delivery: DeliveryCharge = FREE_DELIVERY,
  mode: TaxMode = 'spec',
): CartTotals {
  let subtotal = 0;
  for (const { unitPrice, quantity, unit = 'piece' } of lines) {
    if (!Number.isSafeInteger(unitPrice) || unitPrice < 0) {
      throw new RangeError(`unitPrice must be a non-negative integer of paise, got ${unitPrice}`);
    }
    const problem = lineQuantityProblem(quantity, unit);
    if (problem) throw new RangeError(`${problem}, got ${quantity}`);
    subtotal += lineAmount(unitPrice, quantity, unit);
  }
  const scaled = mode === 'spec' ? subtotal * TAX_PERCENT : 0;
  if (!Number.isSafeInteger(scaled)) throw new RangeError('cart total is too large');
  // Integer division by remainder: a float division could round up across a whole paisa.
  const tax = (scaled - (scaled % 100)) / 100;
  const shipping = deliveryFeeFor(subtotal, delivery);
  return { subtotal, tax, shipping, total: subtotal + tax + shipping };
}

/**
 * An amount in rupees for display: 'Rs 120.50' with {@link SHOP_CURRENCY}, '₹120.50' with
 * {@link ORDER_CURRENCY}; a negative one leads with a minus sign, '−₹1.25'.
 */
export function formatAmount(rupees: number, symbol: CurrencySymbol): string {
  const sign = rupees < 0 ? '−' : '';
  const amount = Math.abs(rupees).toFixed(2);
  return symbol === SHOP_CURRENCY ? `${sign}${symbol} ${amount}` : `${sign}${symbol}${amount}`;
}

/** What a price is per, written after it: a kilo, a litre, a piece. */
const PER_UNIT_TEXT: Record<Unit, string> = { kg: 'kg', L: 'L', piece: 'pc' };

/**
 * A price with what it is per, as it stands beside every price and on receipts, in the `symbol`
 * of the amounts beside it: '₹140.00/kg', '₹60.00/L', '₹25.00/pc' with {@link ORDER_CURRENCY},
 * 'Rs 140.00/kg' with {@link SHOP_CURRENCY}.
 * @throws RangeError when `price` is not a whole number of paise.
 */
export function pricePerUnitText(price: Paise, unit: Unit, symbol: CurrencySymbol): string {
  return `${formatAmount(toRupees(price), symbol)}/${PER_UNIT_TEXT[unit]}`;
}
