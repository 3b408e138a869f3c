/*
 * Weighing-scale labels: the barcode a counter scale prints on a bag of loose goods it weighed.
 * It is an EAN-13 code: a 2-digit prefix beginning with 2 (the range kept for a shop's own
 * codes, never a maker's product), the product's 5-digit scale code, a 5-digit value and the
 * check digit. The shop says, per prefix, whether its scales print the weight in grams
 * (millilitres for a product sold by the litre) or the price in paise there.
 */
import type { Paise } from './money.js';
import { quantityForAmount, type Unit } from './quantity.js';

export const SCALE_LABEL_VALUES = ['grams', 'paise'] as const;
/** What a label's value is: the weight in grams (or millilitres), or the price in paise. */
export type ScaleLabelValue = (typeof SCALE_LABEL_VALUES)[number];

/** One of the shop's label prefixes and what its value is, e.g. `{ prefix: '21', value: 'grams' }`. */
export interface ScaleLabelSetting {
  prefix: string;
  value: ScaleLabelValue;
}

/** A label read: its prefix, the product's scale code (5 digits) and its value of that kind. */
export interface ScaleLabel {
  prefix: string;
  scaleCode: string;
  value: number;
  kind: ScaleLabelValue;
}

/** Why a scanned code is not a label the shop can sell from. */
export type ScaleLabelProblem =
  'not-ean13' | 'check-digit' | 'not-scale-label' | 'unknown-prefix' | 'no-value';

export type ScaleLabelReading =
  { ok: true; label: ScaleLabel } | { ok: false; problem: ScaleLabelProblem; message: string };

/**
 * The EAN-13 check digit of a code's first 12 digits: counting from the left, the digits in odd
 * places count once and those in even places three times, and the check digit brings the sum up
 * to the next multiple of 10. It catches any one digit misread.
 * @throws RangeError when `digits` is not 12 digits.
 */
export function ean13CheckDigit(digits: string): number {
  if (!/^\d{12}$/.test(digits)) throw new RangeError(`expected 12 digits, got "${digits}"`);
  let sum = 0;
  for (const [index, digit] of [...digits].entries()) sum += Number(digit) * (index % 2 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

/**
 * A scanned `code` read as a weighing-scale label under the shop's `scaleLabels`, or why not:
 * - 'not-ean13': it is not 13 digits (spaces around it are ignored);
 * - 'check-digit': its last digit does not check, so a digit was misread: scan it again;
 * - 'not-scale-label': it does not begin with 2, so it is a maker's barcode, to look up as such;
 * - 'unknown-prefix': it begins with 2, but with a prefix the shop has not set for its scales;
 * - 'no-value': its value is 0, no weight or price at all.
 * Never throws.
 */
export function parseScaleLabel(
  code: string,
  scaleLabels: readonly ScaleLabelSetting[],
): ScaleLabelReading {
  const refuse = (problem: ScaleLabelProblem, message: string): ScaleLabelReading => ({
    ok: false,
    problem,
    message,
  });
  const digits = code.trim();
  if (!/^\d{13}$/.test(digits)) {
    return refuse('not-ean13', `A scale label is 13 digits; "${digits}" is not`);
  }
  const check = ean13CheckDigit(digits.slice(0, 12));
  if (Number(digits[12]) !== check) {
    return refuse('check-digit', `The label ${digits} does not check (misread?): scan it again`);
  }
  if (!digits.startsWith('2')) {
    return refuse('not-scale-label', `${digits} is a product's barcode, not a scale label`);
  }
  const prefix = digits.slice(0, 2);
  const setting = scaleLabels.find((label) => label.prefix === prefix);
  if (!setting) {
    return refuse('unknown-prefix', `Labels beginning ${prefix} are not set up for the scales`);
  }
  const value = Number(digits.slice(7, 12));
  if (value === 0) return refuse('no-value', `The label ${digits} shows no weight or price`);
  return { ok: true, label: { prefix, scaleCode: digits.slice(2, 7), value, kind: setting.value } };
}

/**
 * Why the shop's label prefixes are unfit, or null when they are fit: each 2 digits beginning
 * with 2, each once.
 */
export function scaleLabelsProblem(scaleLabels: readonly ScaleLabelSetting[]): string | null {
  const seen = new Set<string>();
  for (const { prefix } of scaleLabels) {
    if (!/^2\d$/.test(prefix))
      return `A label prefix is 2 digits beginning with 2, got "${prefix}"`;
    if (seen.has(prefix)) return `The label prefix ${prefix} is set twice`;
    seen.add(prefix);
  }
  return null;
}

/**
 * The grams (or millilitres) a label sells of its product, which is sold by the kilo (litre) at
 * `unitPrice` (the price it sells at, the one the scale was given): a weight label's value as
 * it is; a price label's paise divided by the price per kilo, to the nearest gram, half a gram
 * upwards. The bill then charges that weight by the one rule for a line's amount, which may
 * differ from the printed price by up to half a gram's price and half a paisa (4 paise at ₹70/kg)
 * when the scale weighed to a finer part of a gram than the bill counts. A price
 * of less than half a gram gives 0 g, which a sale refuses as it refuses any weight of 0.
 * @throws RangeError when the product is sold by the piece or its price is not above 0.
 */
export function labelQuantity(
  label: ScaleLabel,
  product: { unitPrice: Paise; unit: Unit },
): number {
  if (product.unit === 'piece') throw new RangeError('a product sold by the piece is not weighed');
  return label.kind === 'grams' ? label.value : quantityForAmount(label.value, product.unitPrice);
}
