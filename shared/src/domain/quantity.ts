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
    : `quantity must be a whole number of ${unit === 'kg' ? 'grams' : 'millilitres'} from 1 to ${MAX_LOOSE_QUANTITY}`;
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

/** Why a typed weight was refused. */
export type WeightProblem =
  | 'empty'
  | 'comma'
  | 'not-a-number'
  | 'not-positive'
  | 'unknown-unit'
  | 'wrong-unit'
  | 'too-precise'
  | 'too-heavy';

export type WeightReading =
  { ok: true; quantity: number } | { ok: false; problem: WeightProblem; message: string };

const KILO = { unit: 'kg', times: 1000 } as const;
const GRAM = { unit: 'kg', times: 1 } as const;
const LITRE = { unit: 'L', times: 1000 } as const;
const MILLI = { unit: 'L', times: 1 } as const;

/**
 * The words a cashier may write after a number, for each measure, and what they multiply by (an
 * object literal, not a Map built at load, so that a page using none of this carries none of it).
 */
const WRITTEN_UNITS: Readonly<Record<string, { unit: LooseUnit; times: 1 | 1000 }>> = {
  kg: KILO,
  kgs: KILO,
  kilo: KILO,
  kilos: KILO,
  g: GRAM,
  gm: GRAM,
  gms: GRAM,
  gram: GRAM,
  grams: GRAM,
  l: LITRE,
  ltr: LITRE,
  litre: LITRE,
  litres: LITRE,
  liter: LITRE,
  liters: LITRE,
  ml: MILLI,
};

const writtenUnit = (word: string) =>
  Object.hasOwn(WRITTEN_UNITS, word) ? WRITTEN_UNITS[word] : undefined;

const MEASURE = {
  kg: {
    measure: 'weight',
    names: 'kg or g',
    example: '0.75, 750g or 1.2kg',
    small: 'gram',
    large: 'kilo',
  },
  L: {
    measure: 'volume',
    names: 'L or ml',
    example: '0.5, 500ml or 1.5L',
    small: 'millilitre',
    large: 'litre',
  },
} as const;

/**
 * A weight (or volume) as a cashier types it, in grams (or millilitres) of a product sold by
 * `unit`:
 * - a bare number is kilos (litres): "0.75" is 750 g, "2" is 2 kg;
 * - or a number with its unit, spaced or not, in any case: "750g", "750 gm", "1.2kg", "1.2 kgs";
 *   "500ml", "1.5l", "1.5 L", "1 ltr";
 * - a point marks decimals, as Indian shops write them; a comma is refused, since "1,5" could be
 *   one and a half or (in the Indian way of grouping thousands) fifteen;
 * - it counts to the gram: more than three decimals of a kilo, or decimals of a gram, are refused
 *   unless they are zeros ("0.7500" is 750 g);
 * - refused as well: nothing, 0, a negative, not a number, a unit of the other measure (ml for a
 *   product sold by weight), an unknown unit, more than 1,000 kg (L).
 * Never throws.
 */
export function parseWeight(text: string, unit: LooseUnit): WeightReading {
  const { measure, names, example, small, large } = MEASURE[unit];
  const refuse = (problem: WeightProblem, message: string): WeightReading => ({
    ok: false,
    problem,
    message,
  });
  const typed = text.trim();
  if (typed === '') return refuse('empty', `Type a ${measure}, e.g. ${example}`);
  if (typed.includes(',')) {
    return refuse('comma', `Write the ${measure} without a comma, with a point: 1.5 or 1500`);
  }
  const match = /^(-?)(\d*)(?:\.(\d*))?\s*([a-z]*)$/i.exec(typed);
  const [, minus = '', whole = '', decimals = '', word = ''] = match ?? [];
  if (!match || whole + decimals === '') {
    return refuse('not-a-number', `"${typed}" is not a ${measure}: write e.g. ${example}`);
  }
  const written = word === '' ? { unit, times: 1000 } : writtenUnit(word.toLowerCase());
  if (!written) return refuse('unknown-unit', `Write the ${measure} in ${names}, e.g. ${example}`);
  if (written.unit !== unit) {
    const other = MEASURE[written.unit].measure;
    return refuse('wrong-unit', `This product is sold by ${measure} (${names}), not ${other}`);
  }
  const places = written.times === 1000 ? 3 : 0;
  if (/[1-9]/.test(decimals.slice(places))) {
    return refuse(
      'too-precise',
      `A ${measure} is counted to the ${small}: at most 3 decimals of a ${large}, none of a ${small}`,
    );
  }
  const quantity =
    Number(whole || '0') * written.times + Number(decimals.slice(0, places).padEnd(places, '0'));
  if (minus || quantity === 0) return refuse('not-positive', `A ${measure} must be more than 0`);
  if (quantity > MAX_LOOSE_QUANTITY) {
    return refuse(
      'too-heavy',
      `More than ${MAX_LOOSE_QUANTITY / 1000} ${unit}: check the ${measure}`,
    );
  }
  return { ok: true, quantity };
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

/**
 * Why a loose product's steps (the quantities a shopper chooses from online, e.g. 250 g, 500 g,
 * 1 kg) are unfit, or null when they are fit: whole grams (millilitres) above 0 and up to
 * 1,000 kg (L), each larger than the one before. A product sold by the piece has no steps.
 */
export function stepsProblem(steps: readonly number[], unit: Unit): string | null {
  if (unit === 'piece')
    return steps.length === 0 ? null : 'A product sold by the piece has no steps';
  for (const [index, step] of steps.entries()) {
    if (!Number.isInteger(step) || step < 1 || step > MAX_LOOSE_QUANTITY) {
      return `A step is a whole number of ${MEASURE[unit].small}s from 1 to ${MAX_LOOSE_QUANTITY}, got ${step}`;
    }
    const before = steps[index - 1];
    if (before !== undefined && step <= before) {
      return `Steps go from the smallest up, each once: ${formatQuantity(step, unit)} comes after ${formatQuantity(before, unit)}`;
    }
  }
  return null;
}
