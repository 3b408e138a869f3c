import {
  CLEAR_CELL,
  CLEARABLE_COLUMNS,
  MAX_PRODUCT_IMAGES,
  importCellsSchema,
  importCreateRowSchema,
  importUpdateRowSchema,
  toPaise,
  type CatalogueColumn,
  type ImportRow,
} from '@kirana/shared';
import type { Entry } from 'yauzl';
import { restoreFormulas } from '../../lib/csv.js';
import type { Category } from '../category/category.entity.js';
import type { PictureArchive } from './picture-archive.js';
import { splitUnitChange, type UnitChange } from './product-packs.js';
import type { Product } from './product.entity.js';
import { storedGstRate, storedPath } from './product.service.js';

/*
 * One row of a catalogue import (catalogue-import.ts), checked: what it does to its product.
 * In a row that updates a product an empty cell keeps what the product has, as a column left out
 * does, and CLEAR_CELL empties one of CLEARABLE_COLUMNS; a row that adds one leaves such a field
 * empty either way.
 */

/** A data row of the file: 1 is the first under the header; `line` as a spreadsheet numbers it. */
export interface ImportRecord {
  row: number;
  line: number;
  cells: Map<CatalogueColumn, string>;
}

/** What a checked row does: the fields it sets, and its pictures (kept paths, or .zip entries). */
export interface Planned {
  row: number;
  line: number;
  /** The row's SKU as the file writes it; null when it has none. */
  sku: string | null;
  product: Product | null;
  fields: Omit<Partial<Product>, 'images'>;
  pictures: (string | Entry)[] | undefined;
  changed: string[];
  /** The count the file read, when the row changes the product's count by it (else null). */
  countRead: number | null;
  /**
   * The unit fields the row gives, drawsFrom as the file names it (a SKU): catalogue-import-units.ts
   * checks them against the other rows and the catalogue, and puts them in `fields`.
   */
  units: UnitChange;
}

/**
 * The row's cells by column. A line of a cell a spreadsheet would have run as a formula is
 * exported with a leading apostrophe (neutraliseFormulas): taken off again here.
 */
export function cellsOf(cells: string[], columns: Map<CatalogueColumn, number>) {
  const values = new Map<CatalogueColumn, string>();
  for (const [column, index] of columns) {
    const cell = cells[index] ?? '';
    values.set(column, restoreFormulas(cell));
  }
  return values;
}

/** A live product's key among those without a SKU: its name and category, in lower case. */
export const twinKey = (name: string, categoryPath: string) =>
  `${name.trim().toLowerCase()}\n${categoryPath.toLowerCase()}`;

export interface RowContext {
  known: Map<string, Product>;
  twins: Map<string, Product | 'ambiguous'>;
  categories: Category[];
  archive: PictureArchive | undefined;
  fail: (field: string, message: string) => void;
}

/**
 * Whether every cell the row gives is one its field takes, as a typed field is checked; else
 * false, with its errors reported through `fail`. Checked before any cell is looked up: a NUL or
 * other control character never reaches the database.
 */
export function readableRow(
  { cells }: ImportRecord,
  fail: (field: string, message: string) => void,
): boolean {
  const input: Record<string, string> = {};
  for (const [column, cell] of cells)
    if (cell.trim() !== '' && !clears(column, cell)) input[column] = cellInput(column, cell);
  const parsed = importCellsSchema.safeParse(input);
  for (const issue of parsed.error?.issues ?? [])
    fail(String(issue.path[0] ?? 'row'), issue.message);
  return parsed.success;
}

/** A cell as its field takes it: a description's `|` are its line breaks. */
const cellInput = (column: CatalogueColumn, cell: string) =>
  column === 'description' ? cell.replace(/\|/g, '\n') : cell;

/** What a row does, or null with its errors reported through `fail`. */
export function planRow(
  { row, line, cells }: ImportRecord,
  { known, twins, categories, archive, fail }: RowContext,
): Planned | null {
  const category = findCategory(categories, cells.get('category') ?? '');
  // A SKU the shop has names its product; else a product without a SKU of the same name in the
  // same category is the one meant (an export brought back, or given SKUs in a spreadsheet).
  const bySku = known.get((cells.get('sku') ?? '').trim().toLowerCase());
  const twin = category ? twins.get(twinKey(cells.get('name') ?? '', category.path)) : undefined;
  if (!bySku && twin === 'ambiguous') {
    const name = cells.get('name')?.trim();
    fail('sku', `more than one product is named ${name} there: give each a SKU`);
    return null;
  }
  const product = bySku ?? (twin === 'ambiguous' ? undefined : twin) ?? null;
  const input: Record<string, string> = {};
  for (const [column, cell] of cells) {
    if (column === 'images' || column === 'stockCountRead') continue;
    // An empty cell keeps what the product has; an empty switch what any product has.
    if (cell.trim() === '' && (product || column === 'inStock')) continue;
    if (clears(column, cell)) input[column] = '';
    else if (column === 'category') {
      const named = findCategory(categories, cell);
      input[column] = named?.path ?? cell;
      if (!named && cell.trim() !== '') {
        fail('category', `category: the shop has no category "${cell.trim()}"`);
        return null;
      }
    } else input[column] = cellInput(column, cell);
  }
  const parsed = (product ? importUpdateRowSchema : importCreateRowSchema).safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) fail(String(issue.path[0] ?? 'row'), issue.message);
    return null;
  }
  const data: ImportRow = parsed.data;
  const pictures = picturesOf(cells.get('images'), product, archive, fail);
  if (pictures === null) return null;
  const { change: units, rest } = splitUnitChange(fieldsOf(data, product));
  const fields: Planned['fields'] = rest;
  // The SKU that found the product is its own, in whatever case the file writes it.
  if (bySku) delete fields.sku;
  const stock = {
    inStock: fields.inStock ?? product?.inStock ?? true,
    stockCount: fields.stockCount === undefined ? (product?.stockCount ?? null) : fields.stockCount,
  };
  // A new count is the shelf counted: nothing is sold past it any more. The count an export wrote
  // and a file brings back unchanged counted nothing, so what was sold past it stays to be counted.
  const counted = fields.stockCount !== undefined && fields.stockCount !== product?.stockCount;
  if (data.inStock === undefined && fields.stockCount != null)
    stock.inStock = fields.stockCount > 0;
  if (stock.inStock && stock.stockCount === 0) {
    fail('inStock', 'inStock: a product with 0 units left cannot be in stock');
    return null;
  }
  const price = fields.pricePaise ?? product?.pricePaise;
  const offer = fields.offerPricePaise ?? product?.offerPricePaise;
  if (price !== undefined && offer !== undefined && offer > price) {
    fail('offerPrice', 'offerPrice must not exceed price');
    return null;
  }
  Object.assign(fields, stock);
  // The columns the row changes; pastCount is none, and goes with the new count.
  const changed = product
    ? Object.keys(fields).filter(
        (key) =>
          JSON.stringify(fields[key as keyof typeof fields]) !==
          JSON.stringify(product[key as keyof Product]),
      )
    : [];
  if (product && pictures && JSON.stringify(pictures) !== JSON.stringify(product.images)) {
    changed.push('images');
  }
  // A count the file read that the product no longer has (units sold since) is not put back.
  const read = cells.get('stockCountRead')?.trim();
  const countRead = product && changed.includes('stockCount') && read ? Number(read) : null;
  if (product && countRead !== null && countRead !== product.stockCount) {
    fail('stockCount', countMovedMessage(product.stockCount ?? null, countRead));
    return null;
  }
  if (counted) fields.pastCount = 0;
  const sku = cells.get('sku')?.trim() || null;
  return { row, line, sku, product, fields, pictures, changed, countRead, units };
}

/** Why a row's count is not applied: the product's count is no longer the one its file read. */
export const countMovedMessage = (now: number | null, read: number) =>
  `stockCount: the count is now ${now ?? 'empty (not counted)'} (it was ${read} when this file ` +
  `was exported): export again, or write the count you mean with stockCountRead ${now ?? 'empty'}`;

/** Whether the cell is CLEAR_CELL in a column a product may have empty. */
const clears = (column: CatalogueColumn, cell: string) =>
  cell.trim() === CLEAR_CELL && (CLEARABLE_COLUMNS as readonly string[]).includes(column);

function findCategory(categories: Category[], cell: string): Category | undefined {
  const wanted = cell.trim().toLowerCase();
  return categories.find(
    (category) => category.path.toLowerCase() === wanted || category.label.toLowerCase() === wanted,
  );
}

/** A row's fields as stored (paise, a rate in hundredths), only those it gives. */
function fieldsOf(data: ImportRow, product: Product | null): Planned['fields'] {
  const { price, offerPrice, gstRate, ...rest } = data;
  const fields: Planned['fields'] = { ...rest };
  if (price !== undefined) fields.pricePaise = toPaise(price);
  if (offerPrice !== undefined) fields.offerPricePaise = toPaise(offerPrice);
  if (gstRate !== undefined) fields.gstRate = storedGstRate(gstRate);
  // A new product's SKU, barcode, weight, HSN and rate are null unless given.
  if (!product) {
    fields.sku ??= null;
    fields.barcode ??= null;
    fields.weight ??= null;
    fields.hsn ??= null;
    fields.gstRate ??= null;
    fields.description ??= [];
  }
  return fields;
}

/**
 * The row's pictures in order: a picture the product has (its URL or path, as exported), or a
 * file of the .zip by name; undefined (the product's own, kept) when the file has no images
 * column or the cell is empty; none for CLEAR_CELL; null on an error.
 */
function picturesOf(
  cell: string | undefined,
  product: Product | null,
  archive: PictureArchive | undefined,
  fail: (field: string, message: string) => void,
): (string | Entry)[] | undefined | null {
  if (!cell?.trim()) return product ? undefined : [];
  if (clears('images', cell)) return [];
  const names = cell
    .split(';')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.length > MAX_PRODUCT_IMAGES) {
    fail('images', `images: a product has at most ${MAX_PRODUCT_IMAGES} pictures`);
    return null;
  }
  const pictures: (string | Entry)[] = [];
  for (const name of names) {
    const own = storedPath(name);
    if (product?.images.includes(own)) {
      pictures.push(own);
      continue;
    }
    const entry = archive?.find(name);
    if (!archive)
      fail(
        'images',
        `images: ${name} is not one of the product's pictures, and no .zip of pictures was sent`,
      );
    else if (!entry) fail('images', `images: ${name} is not in the .zip of pictures`);
    else if (entry === 'ambiguous') fail('images', `images: the .zip holds more than one ${name}`);
    else {
      pictures.push(entry);
      continue;
    }
    return null;
  }
  return pictures;
}
