import { isUtf8 } from 'node:buffer';
import {
  CATALOGUE_COLUMNS,
  IMPORT_LIMITS,
  type CatalogueColumn,
  type ImportError,
} from '@kirana/shared';
import { CsvError, parse } from 'csv-parse/sync';
import { AppError } from '../../lib/errors.js';

/**
 * The CSV's records, cells as text, each with its line as a spreadsheet numbers it: a cell's
 * line breaks stay in its row there, and an empty line is a row of its own.
 * @throws AppError INVALID when it is not CSV; TOO_LARGE past IMPORT_LIMITS.rows data rows.
 */
export function readCsv(csv: Buffer): { cells: string[]; line: number }[] {
  const rows: { cells: string[]; line: number }[] = [];
  const text = utf8Text(csv);
  try {
    parse(text, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      // One past the limit is enough to know it is past.
      to: IMPORT_LIMITS.rows + 2,
      on_record: (cells, { records, empty_lines }) => {
        // The records so far, this one too, and the empty lines skipped before it.
        rows.push({ cells, line: records + empty_lines });
        return null;
      },
    });
  } catch (error) {
    const where = error instanceof CsvError ? `: ${error.message}` : '';
    throw new AppError('INVALID', `file: the CSV cannot be read${where}`);
  }
  if (rows.length > IMPORT_LIMITS.rows + 1) {
    throw new AppError('TOO_LARGE', `file: at most ${IMPORT_LIMITS.rows} rows under the header`);
  }
  return rows;
}

/**
 * The file's text; a byte that is not UTF-8 is refused, never read as '\uFFFD'.
 * @throws AppError INVALID naming the file's first line that is not UTF-8.
 */
function utf8Text(csv: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(csv);
  } catch {
    // A byte of a character written in more than one is never a line feed's.
    let start = 0;
    let line = 1;
    while (isUtf8(csv.subarray(start, csv.indexOf(0x0a, start) + 1 || csv.length))) {
      start = csv.indexOf(0x0a, start) + 1;
      line += 1;
    }
    throw new AppError('INVALID', `file: line ${line} is not UTF-8 text: save the CSV as UTF-8`);
  }
}

/** Each column's index by name; unknown and repeated columns are errors of row 0. */
export function readHeader(
  header: { cells: string[]; line: number },
  errors: ImportError[],
): Map<CatalogueColumn, number> {
  const columns = new Map<CatalogueColumn, number>();
  header.cells.forEach((cell, index) => {
    const name = CATALOGUE_COLUMNS.find(
      (column) => column.toLowerCase() === cell.trim().toLowerCase(),
    );
    const fail = (message: string) =>
      errors.push({ row: 0, line: header.line, field: cell, message });
    if (!name) fail(`unknown column "${cell}": the columns are ${CATALOGUE_COLUMNS.join(', ')}`);
    else if (columns.has(name)) fail(`the column ${name} is there twice`);
    else columns.set(name, index);
  });
  return columns;
}
