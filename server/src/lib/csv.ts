import { stringify, type ColumnOption, type Options } from 'csv-stringify/sync';

/*
 * CSV files the seller opens in a spreadsheet (the agents' cash report, the catalogue export).
 * A cell's text that starts with a formula character would run as a formula (OWASP: CSV
 * injection), and so may any line of a cell: a spreadsheet, or a copy and paste, splits a cell at
 * its line breaks. csv-stringify's escape_formulas looks at the cell's first character only.
 */

/** What makes a spreadsheet take a line for a formula: = + - @ (and their full-width forms), tab. */
const FORMULA_CHARACTERS = '=+\\-@\\t\\uFF1D\\uFF0B\\uFF0D\\uFF20';

/*
 * A line starts at the cell's start or after \r\n, \r or \n. The line breaks come first in the
 * alternation, so that a cell opening with "\r=" has its second line taken apart too.
 */
const LINE_WITH_FORMULA = new RegExp(`(\\r\\n|\\r|\\n|^)(?='*[${FORMULA_CHARACTERS}])`, 'g');
const NEUTRALISED_LINE = new RegExp(`(\\r\\n|\\r|\\n|^)'(?='*[${FORMULA_CHARACTERS}])`, 'g');

/**
 * `text` as a spreadsheet shows it, never runs it: every line of it that starts with a formula
 * character gets a leading apostrophe (which spreadsheets read as "this is text"). So does a line
 * whose own apostrophes come before one ("'=x" is written "''=x"): reading the file back takes
 * off just the apostrophe added, and a line's own leading apostrophe is kept.
 */
export function neutraliseFormulas(text: string): string {
  return text.replace(LINE_WITH_FORMULA, "$1'");
}

/** Undoes {@link neutraliseFormulas}: a cell read back from a file this server wrote. */
export function restoreFormulas(text: string): string {
  return text.replace(NEUTRALISED_LINE, '$1');
}

/**
 * `rows` as a CSV file for a spreadsheet: a header line, Windows line ends, the byte-order mark
 * (spreadsheets read UTF-8, e.g. ₹ or Devanagari, only with it; `bom: false` for a file another
 * program reads by its header), and every text cell passed through {@link neutraliseFormulas}.
 * `castNumber` writes numbers (as they are by default; a negative amount is a number, not a
 * formula).
 */
export function spreadsheetCsv(
  rows: Record<string, unknown>[],
  columns: readonly (string | ColumnOption)[],
  castNumber?: NonNullable<Options['cast']>['number'],
  { bom = true }: { bom?: boolean } = {},
): string {
  return stringify(rows, {
    header: true,
    columns: [...columns],
    bom,
    record_delimiter: 'windows',
    cast: { string: neutraliseFormulas, ...(castNumber && { number: castNumber }) },
  });
}
