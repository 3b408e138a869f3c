import { IMPORT_LIMITS, type ImportChange, type ImportError } from '@kirana/shared';
import type { EntityManager, InferKyselyDB } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { Entry } from 'yauzl';
import { uuidv7 } from 'uuidv7';
import type { DomainEvents } from '../../lib/domain-events.js';
import { AppError } from '../../lib/errors.js';
import { CategorySchema, type Category } from '../category/category.entity.js';
import type { ImageStore } from '../upload/image-store.js';
import { removeImage, storeImage } from '../upload/images.js';
import { assertImage } from '../upload/upload.js';
import { listedChanges } from './catalogue-import-changes.js';
import { readCsv, readHeader } from './catalogue-import-csv.js';
import { checkLooseKept, planUnits } from './catalogue-import-units.js';
import {
  cellsOf,
  countMovedMessage,
  planRow,
  readableRow,
  twinKey,
  type ImportRecord,
  type Planned,
} from './catalogue-import-row.js';
import { openPictureArchive, type PictureArchive } from './picture-archive.js';
import {
  changedCodes,
  codeClash,
  codeHolders,
  holdProductCodes,
  type CodeHolder,
} from './product-codes.js';
import { productsByIds } from './product-search.js';
import { ProductSchema, type Product } from './product.entity.js';
import { changedFieldsNote, flushCodes, recordChange } from './product.service.js';

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
  changes: ImportChange[];
  moreChanges: number;
}

/**
 * Imports the catalogue's CSV (docs/catalogue.md#import-and-export). `preview` checks every row and
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
  const [header, ...lines] = readCsv(files.csv);
  if (!header)
    throw new AppError('INVALID', 'file: the CSV is empty; its first row names the columns');
  const errors: ImportError[] = [];
  const columns = readHeader(header, errors);
  // Rows with a cell their field refuses are errors before any cell is looked up.
  const records: ImportRecord[] = lines
    .map(({ cells, line }, index) => ({ row: index + 1, line, cells: cellsOf(cells, columns) }))
    .filter((record) =>
      readableRow(record, (field, message) =>
        errors.push({ row: record.row, line: record.line, field, message }),
      ),
    );
  const archive = files.zip ? await openPictureArchive(files.zip) : undefined;
  const known = await knownProducts(em, records);
  const categories = await em.find(CategorySchema, {});
  const twins = await productsWithoutSku(em, records, categories);
  const matched = new Map<string, ImportRecord>();
  let planned: Planned[] = [];
  const seen = {
    sku: new Map<string, ImportRecord>(),
    barcode: new Map<string, ImportRecord>(),
    anyCase: new Map<string, { code: 'sku' | 'barcode'; record: ImportRecord }>(),
  };
  for (const record of records) {
    const { row, line } = record;
    const fail = (field: string, message: string) => errors.push({ row, line, field, message });
    const plan = planRow(record, { known, twins, categories, archive, fail });
    if (!plan) continue;
    if (plan.product) {
      const earlier = matched.get(plan.product.id);
      if (earlier !== undefined) {
        fail('sku', `${rowName(earlier)} already stands for ${plan.product.name}`);
        continue;
      }
      matched.set(plan.product.id, record);
    }
    // SKUs are the same in any case; the message says the row's as the file writes it.
    for (const code of ['sku', 'barcode'] as const) {
      const value = plan.fields[code];
      if (!value) continue;
      const key = code === 'sku' ? value.toLowerCase() : value;
      const earlier = seen[code].get(key);
      if (earlier !== undefined) fail(code, `${code} ${value} is also on ${rowName(earlier)}`);
      else seen[code].set(key, record);
      // One row's barcode is not another's SKU, in any case.
      const other = code === 'sku' ? 'barcode' : 'sku';
      const crossing = seen.anyCase.get(value.toLowerCase());
      if (crossing && crossing.code === other && crossing.record !== record)
        fail(code, `${code} ${value} is the ${other} on ${rowName(crossing.record)}`);
      else seen.anyCase.set(value.toLowerCase(), { code, record });
    }
    planned.push(plan);
  }
  const { refused, looseCodes } = await planUnits(em, planned, errors);
  planned = planned.filter((plan) => !refused.has(plan));
  await checkCodesFree(em, planned, errors);
  const result = {
    created: planned.filter((plan) => !plan.product).length,
    updated: planned.filter((plan) => plan.product && plan.changed.length > 0).length,
    unchanged: planned.filter((plan) => plan.product && plan.changed.length === 0).length,
    errors: errors.sort((a, b) => a.row - b.row),
    ...listedChanges(planned, looseCodes),
  };
  if (mode === 'preview' || errors.length > 0) return result;
  await apply(em, store, planned, archive);
  if (result.created + result.updated > 0) events.publish({ type: 'catalogue.changed' });
  return result;
}

/** A record's row and line, as an error names them: 'row 3 (line 4)'. */
const rowName = ({ row, line }: { row: number; line: number }) => `row ${row} (line ${line})`;

/** The live products the rows' SKUs name, by lower-case SKU. */
async function knownProducts(
  em: EntityManager,
  records: ImportRecord[],
): Promise<Map<string, Product>> {
  const skus = [
    ...new Set(records.map(({ cells }) => (cells.get('sku') ?? '').trim().toLowerCase())),
  ].filter(Boolean);
  if (skus.length === 0) return new Map();
  const rows = await em
    .getKysely<InferKyselyDB<typeof ProductSchema>>()
    .selectFrom('products')
    .select('id')
    .where('archived_at', 'is', null)
    .where(sql<boolean>`lower(sku) = any(${skus}::text[])`)
    .execute();
  const found = await productsByIds(
    em,
    rows.map((row) => row.id),
  );
  return new Map(found.map((product) => [(product.sku ?? '').toLowerCase(), product]));
}

/**
 * The live products without a SKU that the rows name (by name and category), by twinKey; a key
 * two of them share stands for neither ('ambiguous').
 */
async function productsWithoutSku(
  em: EntityManager,
  records: ImportRecord[],
  categories: Category[],
): Promise<Map<string, Product | 'ambiguous'>> {
  const named = records.filter(({ cells }) => cells.has('name') && cells.has('category'));
  const names = [
    ...new Set(named.map(({ cells }) => (cells.get('name') ?? '').trim().toLowerCase())),
  ].filter(Boolean);
  if (names.length === 0) return new Map();
  const rows = await em
    .getKysely<InferKyselyDB<typeof ProductSchema>>()
    .selectFrom('products')
    .select('id')
    .where('archived_at', 'is', null)
    .where('sku', 'is', null)
    .where(sql<boolean>`lower(name) = any(${names}::text[])`)
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

/**
 * Another live product holding a row's SKU or barcode, as either, is an error of the row.
 * @throws nothing.
 */
async function checkCodesFree(em: EntityManager, planned: Planned[], errors: ImportError[]) {
  // A code the row's product holds already needs nothing (an export brought back as it was).
  const wanted = planned.map((plan) => ({
    plan,
    codes: plan.product ? changedCodes(plan.fields, plan.product) : plan.fields,
  }));
  const codes = (code: 'sku' | 'barcode') => wanted.flatMap((each) => each.codes[code] ?? []);
  // By each of their codes in lower case: a row meets only the products holding its own.
  const holders = new Map<string, CodeHolder[]>();
  for (const holder of await codeHolders(em, { skus: codes('sku'), barcodes: codes('barcode') }))
    for (const code of new Set([holder.sku, holder.barcode].map((each) => each?.toLowerCase())))
      if (code) holders.set(code, [...(holders.get(code) ?? []), holder]);
  for (const { plan, codes } of wanted) {
    const met = [codes.sku, codes.barcode].flatMap((code) =>
      code ? (holders.get(code.toLowerCase()) ?? []) : [],
    );
    const clash = met
      .filter((holder) => holder.id !== plan.product?.id)
      .map((holder) => codeClash(holder, codes))
      .find((each) => each !== null);
    if (clash) errors.push({ row: plan.row, line: plan.line, ...clash });
  }
}

/** Rows written between two flushes of the import's transaction. */
const APPLY_BATCH = 500;

/**
 * Stores the new pictures, then writes every row in one transaction. When either fails (a
 * conflict, another import's race, a fault), the pictures it stored are removed: no row holds them.
 */
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
  const stored: string[] = [];
  try {
    const urls = new Map<Entry, string>();
    for (const [index, entry] of entries.entries()) {
      const key = `products/${uuidv7()}`;
      stored.push(key);
      urls.set(entry, await storeImage(store, key, unpacked[index] ?? Buffer.alloc(0)));
    }
    await writeRows(em, planned, urls);
  } catch (error) {
    await Promise.allSettled(stored.map((key) => removeImage(store, key)));
    throw error;
  }
  // The planner's figures for the catalogue as it now is: search picks its indexes by them.
  await sql`analyze products`.execute(em.getKysely());
}

/** Writes every row in one transaction, a row's new pictures from `urls`. */
async function writeRows(em: EntityManager, planned: Planned[], urls: Map<Entry, string>) {
  await em.transactional(async (tx) => {
    // The codes held first, then checked again: another import or edit may have given one out.
    await holdProductCodes(tx);
    const lost: ImportError[] = [];
    await checkCodesFree(tx, planned, lost);
    if (lost[0]) throw new AppError('CONFLICT', `${rowName(lost[0])}: ${lost[0].message}`);
    await checkCountsKept(tx, planned);
    await checkLooseKept(tx, planned);
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
}

/**
 * Every count a row read is still its product's, checked with those products held to the
 * transaction's end: a sale since the rows were checked is not undone.
 * @throws AppError CONFLICT naming the first row whose product's count moved.
 */
async function checkCountsKept(tx: EntityManager, planned: Planned[]): Promise<void> {
  const reading = planned.flatMap(({ row, line, product, countRead }) =>
    product && countRead !== null ? [{ row, line, id: product.id, read: countRead }] : [],
  );
  if (reading.length === 0) return;
  const rows = await tx
    .getKysely<InferKyselyDB<typeof ProductSchema>>()
    .selectFrom('products')
    .select(['id', 'stock_count'])
    .where(
      'id',
      'in',
      reading.map(({ id }) => id),
    )
    .forUpdate()
    .execute();
  const now = new Map(rows.map((row) => [row.id, row.stock_count]));
  for (const each of reading) {
    const count = now.get(each.id) ?? null;
    if (count !== each.read)
      throw new AppError('CONFLICT', `${rowName(each)}: ${countMovedMessage(count, each.read)}`);
  }
}

const isEntry = (picture: string | Entry): picture is Entry => typeof picture !== 'string';
