/*
 * Reading what the seller and the cashier type: a weight (or volume) and a loose product's steps.
 * A module of its own, apart from quantity.ts, which every page that prices a line loads: only the
 * seller's screens read typed weights, and the storefront's first load carries none of this.
 */
import { formatQuantity, MAX_LOOSE_QUANTITY, type LooseUnit, type Unit } from './quantity.js';

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
