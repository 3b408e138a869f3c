import {
  CATALOGUE_COLUMNS,
  IMPORT_LIMITS,
  MAX_PRODUCT_IMAGES,
  importCreateRowSchema,
  importUpdateRowSchema,
  toPaise,
  type CatalogueColumn,
  type ImportError,
  type ImportRow,
} from '@kirana/shared';
import type { EntityManager, InferKyselyDB } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { CsvError, parse } from 'csv-parse/sync';
import type { Entry } from 'yauzl';
import { uuidv7 } from 'uuidv7';
import { restoreFormulas } from '../../lib/csv.js';
import type { DomainEvents } from '../../lib/domain-events.js';
import { AppError } from '../../lib/errors.js';
import { CategorySchema, type Category } from '../category/category.entity.js';
import type { ImageStore } from '../upload/image-store.js';
import { storeImage } from '../upload/images.js';
import { assertImage } from '../upload/upload.js';
import { openPictureArchive, type PictureArchive } from './picture-archive.js';
import { codeClash, codeHolders, holdProductCodes, type CodeHolder } from './product-codes.js';
import { productsByIds } from './product-search.js';
import { ProductSchema, type Product } from './product.entity.js';
import { changedFieldsNote, flushCodes, recordChange, storedPath } from './product.service.js';

export interface ImportFiles {
  csv: Buffer;
  /** A .zip of the pictures the rows name. */
  zip?: Buffer;
}

export interface ImportResult {
  created: number;
  updated: number;
  unchanged: number;
  errors: ImportError[];
}

/** What a checked row does: the fields it sets, and its pictures (kept paths, or .zip entries). */
interface Planned {
  row: number;
  product: Product | null;
  fields: Omit<Partial<Product>, 'images'>;
  pictures: (string | Entry)[] | undefined;
  changed: string[];
}

/**
 * Imports the catalogue's CSV (design: Catalogue at shop scale). `preview` checks every row and
 * writes nothing; `apply` writes every row in one transaction, or nothing when any row is wrong.
 * @throws AppError TOO_LARGE for a file or .zip over IMPORT_LIMITS (before any row is read);
 * invalid for a file that is not CSV or a .zip that is not one; conflict when another product
 * took a SKU or barcode meanwhile.
 */
export async function importCatalogue(
  em: EntityManager,
  events: DomainEvents,
  store: ImageStore,
  files: ImportFiles,
  mode: 'preview' | 'apply',
): Promise<ImportResult> {
  if (files.csv.length > IMPORT_LIMITS.csvBytes) {
    throw new AppError(
      'TOO_LARGE',
      `file: at most ${IMPORT_LIMITS.csvBytes / 1024 / 1024} MB of CSV`,
    );
  }
  if (files.zip && files.zip.length > IMPORT_LIMITS.zipBytes) {
    throw new AppError(
      'TOO_LARGE',
      `images: at most ${IMPORT_LIMITS.zipBytes / 1024 / 1024} MB of .zip`,
    );
  }
  const [header, ...records] = readCsv(files.csv);
  if (!header)
    throw new AppError('INVALID', 'file: the CSV is empty; its first row names the columns');
  const errors: ImportError[] = [];
  const columns = readHeader(header, errors);
  const archive = files.zip ? await openPictureArchive(files.zip) : undefined;
  const known = await knownProducts(em, records, columns);
  const categories = await em.find(CategorySchema, {});
  const twins = await productsWithoutSku(em, records, columns, categories);
  const matched = new Map<string, number>();
  const planned: Planned[] = [];
  const seen = {
    sku: new Map<string, number>(),
    barcode: new Map<string, number>(),
    anyCase: new Map<string, { code: 'sku' | 'barcode'; row: number }>(),
  };
  records.forEach((cells, index) => {
    const row = index + 1;
    const fail = (field: string, message: string) => errors.push({ row, field, message });
    const plan = planRow(row, cellsOf(cells, columns), {
      known,
      twins,
      categories,
      archive,
      fail,
    });
    if (!plan) return;
    if (plan.product) {
      const earlier = matched.get(plan.product.id);
      if (earlier !== undefined) {
        fail('sku', `row ${earlier} already stands for ${plan.product.name}`);
        return;
      }
      matched.set(plan.product.id, row);
    }
    for (const code of ['sku', 'barcode'] as const) {
      const value = code === 'sku' ? plan.fields.sku?.toLowerCase() : plan.fields.barcode;
      if (!value) continue;
      const earlier = seen[code].get(value);
      if (earlier !== undefined) fail(code, `${code} ${value} is also on row ${earlier}`);
      else seen[code].set(value, row);
      // One row's barcode is not another's SKU, in any case.
      const other = code === 'sku' ? 'barcode' : 'sku';
      const crossing = seen.anyCase.get(value.toLowerCase());
      if (crossing && crossing.code === other && crossing.row !== row)
        fail(code, `${code} ${value} is the ${other} on row ${crossing.row}`);
      else seen.anyCase.set(value.toLowerCase(), { code, row });
    }
    planned.push(plan);
  });
  await checkCodesFree(em, planned, errors);
  const result = {
    created: planned.filter((plan) => !plan.product).length,
    updated: planned.filter((plan) => plan.product && plan.changed.length > 0).length,
    unchanged: planned.filter((plan) => plan.product && plan.changed.length === 0).length,
    errors: errors.sort((a, b) => a.row - b.row),
  };
  if (mode === 'preview' || errors.length > 0) return result;
  await apply(em, store, planned, archive);
  if (result.created + result.updated > 0) events.publish({ type: 'catalogue.changed' });
  return result;
}

/**
 * The CSV's records, cells as text.
 * @throws AppError INVALID when it is not CSV; TOO_LARGE past IMPORT_LIMITS.rows data rows.
 */
function readCsv(csv: Buffer): string[][] {
  let records: string[][];
  try {
    records = parse(csv, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      // One past the limit is enough to know it is past.
      to: IMPORT_LIMITS.rows + 2,
    });
  } catch (error) {
    const where = error instanceof CsvError ? `: ${error.message}` : '';
    throw new AppError('INVALID', `file: the CSV cannot be read${where}`);
  }
  if (records.length > IMPORT_LIMITS.rows + 1) {
    throw new AppError('TOO_LARGE', `file: at most ${IMPORT_LIMITS.rows} rows under the header`);
  }
  return records;
}

/** Each column's index by name; unknown and repeated columns are errors of row 0. */
function readHeader(header: string[], errors: ImportError[]): Map<CatalogueColumn, number> {
  const columns = new Map<CatalogueColumn, number>();
  header.forEach((cell, index) => {
    const name = CATALOGUE_COLUMNS.find(
      (column) => column.toLowerCase() === cell.trim().toLowerCase(),
    );
    const fail = (message: string) => errors.push({ row: 0, field: cell, message });
    if (!name) fail(`unknown column "${cell}": the columns are ${CATALOGUE_COLUMNS.join(', ')}`);
    else if (columns.has(name)) fail(`the column ${name} is there twice`);
    else columns.set(name, index);
  });
  return columns;
}

/**
 * The row's cells by column. A line of a cell a spreadsheet would have run as a formula is
 * exported with a leading apostrophe (neutraliseFormulas): taken off again here.
 */
function cellsOf(cells: string[], columns: Map<CatalogueColumn, number>) {
  const values = new Map<CatalogueColumn, string>();
  for (const [column, index] of columns) {
    const cell = cells[index] ?? '';
    values.set(column, restoreFormulas(cell));
  }
  return values;
}

/** The live products the rows' SKUs name, by lower-case SKU. */
async function knownProducts(
  em: EntityManager,
  records: string[][],
  columns: Map<CatalogueColumn, number>,
): Promise<Map<string, Product>> {
  const index = columns.get('sku');
  if (index === undefined) return new Map();
  const skus = [...new Set(records.map((cells) => (cells[index] ?? '').trim().toLowerCase()))];
  const rows = await em
    .getKysely<InferKyselyDB<typeof ProductSchema>>()
    .selectFrom('products')
    .select('id')
    .where('archived_at', 'is', null)
    .where(sql<boolean>`lower(sku) = any(${skus.filter(Boolean)}::text[])`)
    .execute();
  const found = await productsByIds(
    em,
    rows.map((row) => row.id),
  );
  return new Map(found.map((product) => [(product.sku ?? '').toLowerCase(), product]));
}

/** A live product's key among those without a SKU: its name and category, in lower case. */
const twinKey = (name: string, categoryPath: string) =>
  `${name.trim().toLowerCase()}\n${categoryPath.toLowerCase()}`;

/**
 * The live products without a SKU that the rows name (by name and category), by twinKey; a key
 * two of them share stands for neither ('ambiguous').
 */
async function productsWithoutSku(
  em: EntityManager,
  records: string[][],
  columns: Map<CatalogueColumn, number>,
  categories: Category[],
): Promise<Map<string, Product | 'ambiguous'>> {
  const nameAt = columns.get('name');
  const categoryAt = columns.get('category');
  if (nameAt === undefined || categoryAt === undefined) return new Map();
  const names = [...new Set(records.map((cells) => (cells[nameAt] ?? '').trim().toLowerCase()))];
  const rows = await em
    .getKysely<InferKyselyDB<typeof ProductSchema>>()
    .selectFrom('products')
    .select('id')
    .where('archived_at', 'is', null)
    .where('sku', 'is', null)
    .where(sql<boolean>`lower(name) = any(${names.filter(Boolean)}::text[])`)
    .execute();
  const twins = new Map<string, Product | 'ambiguous'>();
  for (const product of await productsByIds(
    em,
    rows.map((row) => row.id),
  )) {
    if (!categories.some((category) => category.path === product.category)) continue;
    const key = twinKey(product.name, product.category);
    twins.set(key, twins.has(key) ? 'ambiguous' : product);
  }
  return twins;
}

interface RowContext {
  known: Map<string, Product>;
  twins: Map<string, Product | 'ambiguous'>;
  categories: Category[];
  archive: PictureArchive | undefined;
  fail: (field: string, message: string) => void;
}

/** What a row does, or null with its errors reported through `fail`. */
function planRow(
  row: number,
  cells: Map<CatalogueColumn, string>,
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
    if (column === 'images') continue;
    // An empty switch keeps it as it is; an empty count is not counted.
    if (column === 'inStock' && cell.trim() === '') continue;
    if (column === 'description') input[column] = cell.replace(/\|/g, '\n');
    else if (column === 'category') {
      const named = findCategory(categories, cell);
      input[column] = named?.path ?? cell;
      if (!named && cell.trim() !== '') {
        fail('category', `category: the shop has no category "${cell.trim()}"`);
        return null;
      }
    } else input[column] = cell;
  }
  const parsed = (product ? importUpdateRowSchema : importCreateRowSchema).safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) fail(String(issue.path[0] ?? 'row'), issue.message);
    return null;
  }
  const data: ImportRow = parsed.data;
  const pictures = picturesOf(cells.get('images'), product, archive, fail);
  if (pictures === null) return null;
  const fields = fieldsOf(data, product);
  const stock = {
    inStock: fields.inStock ?? product?.inStock ?? true,
    stockCount: fields.stockCount === undefined ? (product?.stockCount ?? null) : fields.stockCount,
  };
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
  return { row, product, fields, pictures, changed };
}

function findCategory(categories: Category[], cell: string): Category | undefined {
  const wanted = cell.trim().toLowerCase();
  return categories.find(
    (category) => category.path.toLowerCase() === wanted || category.label.toLowerCase() === wanted,
  );
}

/** A row's fields as stored (paise), only those it gives. */
function fieldsOf(data: ImportRow, product: Product | null): Planned['fields'] {
  const { price, offerPrice, ...rest } = data;
  const fields: Planned['fields'] = { ...rest };
  if (price !== undefined) fields.pricePaise = toPaise(price);
  if (offerPrice !== undefined) fields.offerPricePaise = toPaise(offerPrice);
  // A new product's SKU, barcode and weight are null unless given.
  if (!product) {
    fields.sku ??= null;
    fields.barcode ??= null;
    fields.weight ??= null;
    fields.description ??= [];
  }
  return fields;
}

/**
 * The row's pictures in order: a picture the product has (its URL or path, as exported), or a
 * file of the .zip by name; undefined when the file has no images column; null on an error.
 */
function picturesOf(
  cell: string | undefined,
  product: Product | null,
  archive: PictureArchive | undefined,
  fail: (field: string, message: string) => void,
): (string | Entry)[] | undefined | null {
  if (cell === undefined) return product ? undefined : [];
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

/**
 * Another live product holding a row's SKU or barcode, as either, is an error of the row.
 * @throws nothing.
 */
async function checkCodesFree(em: EntityManager, planned: Planned[], errors: ImportError[]) {
  const codes = (code: 'sku' | 'barcode') => planned.flatMap((plan) => plan.fields[code] ?? []);
  // By each of their codes in lower case: a row meets only the products holding its own.
  const holders = new Map<string, CodeHolder[]>();
  for (const holder of await codeHolders(em, { skus: codes('sku'), barcodes: codes('barcode') }))
    for (const code of new Set([holder.sku, holder.barcode].map((each) => each?.toLowerCase())))
      if (code) holders.set(code, [...(holders.get(code) ?? []), holder]);
  for (const plan of planned) {
    const met = [plan.fields.sku, plan.fields.barcode].flatMap((code) =>
      code ? (holders.get(code.toLowerCase()) ?? []) : [],
    );
    const clash = met
      .filter((holder) => holder.id !== plan.product?.id)
      .map((holder) => codeClash(holder, plan.fields))
      .find((each) => each !== null);
    if (clash) errors.push({ row: plan.row, ...clash });
  }
}

/** Rows written between two flushes of the import's transaction. */
const APPLY_BATCH = 500;

/** Stores the new pictures, then writes every row in one transaction. */
async function apply(
  em: EntityManager,
  store: ImageStore,
  planned: Planned[],
  archive: PictureArchive | undefined,
): Promise<void> {
  const entries = [...new Set(planned.flatMap((plan) => (plan.pictures ?? []).filter(isEntry)))];
  const unpacked = archive ? await archive.read(entries) : [];
  // Every picture checked before any is stored: a bad one stores nothing.
  for (const [index, picture] of unpacked.entries()) {
    await assertImage(picture, entries[index]?.fileName ?? 'a picture');
  }
  const urls = new Map<Entry, string>();
  for (const [index, entry] of entries.entries()) {
    urls.set(
      entry,
      await storeImage(store, `products/${uuidv7()}`, unpacked[index] ?? Buffer.alloc(0)),
    );
  }
  await em.transactional(async (tx) => {
    // The codes held first, then checked again: another import or edit may have given one out.
    await holdProductCodes(tx);
    const lost: ImportError[] = [];
    await checkCodesFree(tx, planned, lost);
    if (lost[0]) throw new AppError('CONFLICT', `row ${lost[0].row}: ${lost[0].message}`);
    for (const [index, plan] of planned.entries()) {
      // Written in batches inside the one transaction, each let go once written: a whole
      // catalogue's entities held at once would grow the server's memory for good.
      if (index > 0 && index % APPLY_BATCH === 0) {
        await flushCodes(tx, {});
        tx.clear();
      }
      const images = plan.pictures?.flatMap((picture) =>
        isEntry(picture) ? (urls.get(picture) ?? []) : picture,
      );
      if (!plan.product) {
        const product = tx.create(ProductSchema, {
          ...(plan.fields as Required<Planned['fields']>),
          images: images ?? [],
        });
        recordChange(tx, product, 'added', 'imported');
      } else if (plan.changed.length > 0) {
        const product = tx.merge(plan.product);
        tx.assign(product, { ...plan.fields, ...(images && { images }) });
        recordChange(tx, product, 'edited', `imported: ${changedFieldsNote(plan.changed)}`);
      }
    }
    await flushCodes(tx, {});
  });
  // The planner's figures for the catalogue as it now is: search picks its indexes by them.
  await sql`analyze products`.execute(em.getKysely());
}

const isEntry = (picture: string | Entry): picture is Entry => typeof picture !== 'string';
