import type { Paise } from './money.js';
import { dayIn } from './shop-time.js';

/*
 * The bill the law asks for (docs/gst.md): how the shop is taxed, the GST in a shelf price, the
 * GSTIN's check character, the financial year and a document's printed number, and the amount
 * in words. Pure rules, the same on the server, the till and the storefront.
 */

/**
 * How the shop bills (docs/gst.md#tax-modes): `spec` adds the specification's flat 2 % to every
 * cart; `unregistered` gives a plain bill and `composition` a bill of supply, both with prices
 * final; `regular` gives a tax invoice, its shelf prices including GST.
 */
export const TAX_MODES = ['spec', 'unregistered', 'composition', 'regular'] as const;
export type TaxMode = (typeof TAX_MODES)[number];

/** The GST rates a product may have, in percent: the slabs since 22 September 2025, and two rare ones. */
export const GST_RATES = [0, 0.25, 3, 5, 18, 40] as const;
export type GstRate = (typeof GST_RATES)[number];

/** An HSN (goods) or SAC (services) code: 4, 6 or 8 digits. */
export const HSN = /^(\d{4}|\d{6}|\d{8})$/;
export const HSN_EXPECTED = 'hsn must be an HSN code of 4, 6 or 8 digits, such as 1006 or 04012000';

/** A rate in hundredths of a percent, as the database keeps it: 5 % is 500. */
export const rateHundredths = (rate: number): number => Math.round(rate * 100);

/** What kind of document a sale gets, by how the shop bills; a return or cancellation gets a credit note. */
export const DOCUMENT_KINDS = ['tax-invoice', 'bill-of-supply', 'bill', 'credit-note'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** A sale's document in `mode`: a tax invoice when registered, a bill of supply on composition, else a bill. */
export function saleDocumentKind(mode: TaxMode): DocumentKind {
  if (mode === 'regular') return 'tax-invoice';
  return mode === 'composition' ? 'bill-of-supply' : 'bill';
}

/** The document series: invoices and bills (`INV`) and credit notes (`CN`); offline counters add their own. */
export const DOCUMENT_SERIES = ['INV', 'CN'] as const;

/**
 * The delivery charge on a registered shop's invoice: a service (SAC 996813, local delivery) at
 * 18 % (docs/gst.md#delivery).
 */
export const DELIVERY_SAC = '996813';
export const DELIVERY_GST_RATE = 18;

/**
 * A sold line's tax in `mode`: in `regular`, the GST in its `amount` at `rate` (lineTax); in
 * every other mode none (null), its amount final.
 * @throws RangeError in `regular` without a rate, or as lineTax does.
 */
export function taxOfLine(mode: TaxMode, amount: Paise, rate: number | null): LineTax | null {
  if (mode !== 'regular') return null;
  if (rate === null) throw new RangeError('a registered shop sells only with a GST rate');
  return lineTax(amount, rate);
}

/**
 * The tax a return takes back in `mode` when a line's units come back in parts: what the units
 * returned so far hold, at `rate`, once their amount is `after`, less what they held at `before`.
 * So a line's returns, in any parts, take back exactly the tax its invoice charged (taxOfLine of
 * the whole amount), never a paisa drifting from rounding each part on its own; null outside
 * `regular`.
 * @throws RangeError as taxOfLine does, or when `after` is below `before`.
 */
export function taxTakenBack(
  mode: TaxMode,
  rate: number | null,
  before: Paise,
  after: Paise,
): LineTax | null {
  if (after < before) throw new RangeError(`after (${after}) must not be below before (${before})`);
  const was = taxOfLine(mode, before, rate);
  const is = taxOfLine(mode, after, rate);
  if (!was || !is) return null;
  return { taxable: is.taxable - was.taxable, cgst: is.cgst - was.cgst, sgst: is.sgst - was.sgst };
}

/** A rate as the database keeps it (hundredths of a percent), in percent; null stays null. */
export const percentOf = (hundredths: number | null): number | null =>
  hundredths === null ? null : hundredths / 100;

/** The words a bill of supply must carry. */
export const COMPOSITION_DECLARATION =
  'Composition taxable person, not eligible to collect tax on supplies';

/** The tax in a line's amount: its taxable value and the CGST and SGST halves, in paise. */
export interface LineTax {
  taxable: Paise;
  cgst: Paise;
  sgst: Paise;
}

/**
 * The GST inside `amount` (a shelf price times the quantity, tax included) at `rate` percent:
 * taxable value = amount × 100 / (100 + rate), rounded to the nearest paisa (half up); the tax is
 * the rest, in CGST and SGST halves, the odd paisa to SGST. So taxable + CGST + SGST = amount.
 * @throws RangeError when `amount` is not a non-negative whole number of paise or `rate` is not
 * one of {@link GST_RATES}.
 */
export function lineTax(amount: Paise, rate: number): LineTax {
  if (!Number.isSafeInteger(amount) || amount < 0)
    throw new RangeError(`amount must be a non-negative integer of paise, got ${amount}`);
  if (!(GST_RATES as readonly number[]).includes(rate))
    throw new RangeError(`rate must be one of ${GST_RATES.join(', ')}, got ${rate}`);
  const whole = 10_000 + rateHundredths(rate);
  // Integers only: amount × 10000 / whole, rounded half up, as (2 × amount × 10000 + whole) ÷ 2 whole.
  const scaled = 2 * amount * 10_000 + whole;
  if (!Number.isSafeInteger(scaled)) throw new RangeError(`amount ${amount} is too large`);
  const taxable = Math.floor(scaled / (2 * whole));
  const tax = amount - taxable;
  const cgst = Math.floor(tax / 2);
  return { taxable, cgst, sgst: tax - cgst };
}

/** A line's tax with its rate, as a bill sums them. */
export interface RatedTax extends LineTax {
  rate: number;
}

/** The bill's summary: taxable value and tax by rate, lowest rate first. */
export function taxByRate(lines: readonly RatedTax[]): RatedTax[] {
  const byRate = new Map<number, RatedTax>();
  for (const { rate, taxable, cgst, sgst } of lines) {
    const sum = byRate.get(rate) ?? { rate, taxable: 0, cgst: 0, sgst: 0 };
    byRate.set(rate, {
      rate,
      taxable: sum.taxable + taxable,
      cgst: sum.cgst + cgst,
      sgst: sum.sgst + sgst,
    });
  }
  return [...byRate.values()].sort((a, b) => a.rate - b.rate);
}

const GSTIN_CHARACTERS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** 2-digit state, PAN (5 letters, 4 digits, a letter), entity number, Z, check character. */
const GSTIN_SHAPE = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
export const GSTIN_EXPECTED = 'gstin must be a GSTIN of 15 characters, such as 27AAPFU0939F1ZV';

/** The check character of a GSTIN's first 14 characters (docs/gst.md#gstin). */
function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let index = 0; index < 14; index += 1) {
    const product = GSTIN_CHARACTERS.indexOf(first14.charAt(index)) * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARACTERS.charAt((36 - (sum % 36)) % 36);
}

/** What is wrong with `gstin` (upper case, no spaces), or null when it is a GSTIN whose check character holds. */
export function gstinProblem(gstin: string): string | null {
  if (!GSTIN_SHAPE.test(gstin)) return GSTIN_EXPECTED;
  const state = Number(gstin.slice(0, 2));
  if (state < 1 || state > 38)
    return `gstin begins with ${gstin.slice(0, 2)}, which is no state's code`;
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin.charAt(14))
    return `gstin ${gstin} has a wrong check character: check it on the registration certificate`;
  return null;
}

/** The state a GSTIN is registered in: its first two digits, the place of supply of a shop's sales. */
export const gstinState = (gstin: string): string => gstin.slice(0, 2);

/**
 * The financial year (1 April – 31 March) that `at` falls in, on the shop's clock in `timeZone`:
 * the year it began, 2026 for 26-27.
 */
export function financialYearOf(at: Date, timeZone: string): number {
  return financialYearOfDay(dayIn(at, timeZone));
}

/** The financial year of a day written YYYY-MM-DD (or a month, YYYY-MM). */
export function financialYearOfDay(day: string): number {
  const year = Number(day.slice(0, 4));
  return Number(day.slice(5, 7)) >= 4 ? year : year - 1;
}

/** A financial year as bills print it: 2026 → '26-27'. */
export function financialYearLabel(year: number): string {
  const two = (y: number) => String(y % 100).padStart(2, '0');
  return `${two(year)}-${two(year + 1)}`;
}

/** The law's limit on a document's number (Rule 46): 16 characters. */
export const DOCUMENT_NUMBER_LENGTH = 16;

/**
 * A document's number as printed: an invoice's `PREFIX/26-27/123` (`26-27/123` without a
 * prefix); another series' with its name, `PREFIX/CN/26-27/5`, so that no two documents of a
 * year print alike. Past the law's 16 characters it closes up, step by step: the year loses its
 * dash (`ABCD/2627/123456`), then the series joins the prefix (`ABCDCN/2627/1234`), then the year
 * (`ABCDCN2627/12345`).
 */
export function documentNumberText(
  prefix: string,
  series: string,
  year: number,
  number: number,
): string {
  const tag = series === 'INV' ? '' : series;
  const label = financialYearLabel(year);
  const short = label.replace('-', '');
  const join = (...parts: Array<string | number>) => parts.filter((part) => part !== '').join('/');
  const closest = join(`${prefix}${tag}${short}`, number);
  const forms = [
    join(prefix, tag, label, number),
    join(prefix, tag, short, number),
    join(`${prefix}${tag}`, short, number),
  ];
  return forms.find((form) => form.length <= DOCUMENT_NUMBER_LENGTH) ?? closest;
}

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 1–99 in words. */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n] ?? '';
  return [TENS[Math.floor(n / 10)], ONES[n % 10]].filter(Boolean).join(' ');
}

/** 0–999 in words ('' for 0). */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  return [
    hundreds > 0 ? `${belowHundred(hundreds)} Hundred` : '',
    n % 100 > 0 ? belowHundred(n % 100) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** A whole number in words, in Indian numbering: crores, lakhs, thousands, hundreds. */
function indianWords(n: number): string {
  if (n === 0) return 'Zero';
  const crores = Math.floor(n / 10_000_000);
  const rest = n % 10_000_000;
  const parts = [
    crores > 0 ? `${indianWords(crores)} Crore` : '',
    Math.floor(rest / 100_000) > 0 ? `${belowHundred(Math.floor(rest / 100_000))} Lakh` : '',
    Math.floor((rest % 100_000) / 1000) > 0
      ? `${belowHundred(Math.floor((rest % 100_000) / 1000))} Thousand`
      : '',
    belowThousand(rest % 1000),
  ];
  return parts.filter(Boolean).join(' ');
}

/**
 * An amount in words as Indian bills write it: 12000000 paise → 'One Lakh Twenty Thousand Rupees
 * Only'; 5050 → 'Fifty Rupees and Fifty Paise Only'.
 * @throws RangeError when `paise` is not a non-negative whole number.
 */
export function amountInWords(paise: Paise): string {
  if (!Number.isSafeInteger(paise) || paise < 0)
    throw new RangeError(`paise must be a non-negative integer, got ${paise}`);
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const words = `${indianWords(rupees)} ${rupees === 1 ? 'Rupee' : 'Rupees'}`;
  if (rest === 0) return `${words} Only`;
  return `${words} and ${belowHundred(rest)} ${rest === 1 ? 'Paisa' : 'Paise'} Only`;
}
