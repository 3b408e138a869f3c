import * as z from 'zod/mini';
import { MAX_STOCK_COUNT } from '../limits.js';
import { MAX_LOOSE_STOCK, UNIT_FIELDS } from '../domain/product-units.js';
import { readableText } from './common.js';
import {
  formPriceField,
  OFFER_ABOVE_PRICE,
  productFields,
  SKU_PATTERN,
} from './product-editing.js';

/*
 * Import and export (docs/catalogue.md#import-and-export): a CSV with a header row, columns in any
 * order; a row with a known `sku` updates that product, any other is created. In a row that
 * updates, an empty cell keeps what the product has, as a column left out does; CLEAR_CELL
 * empties one of CLEARABLE_COLUMNS. An export writes beside `stockCount` the count it read
 * (`stockCountRead`): a row's count with one applies only while the product's count is still it.
 */

/** The columns of an import, and of an export in this order. */
export const CATALOGUE_COLUMNS = [
  'sku',
  'name',
  'category',
  'price',
  'offerPrice',
  'description',
  'weight',
  'barcode',
  'inStock',
  'stockCount',
  'stockCountRead',
  'images',
  ...UNIT_FIELDS,
  // Its HSN code and GST rate in percent ("5" or "5%"), as the bills print them (docs/gst.md#products).
  'hsn',
  'gstRate',
] as const;
export type CatalogueColumn = (typeof CATALOGUE_COLUMNS)[number];

/** What one import may hold, checked before any row is read or picture unpacked. */
export const IMPORT_LIMITS = {
  rows: 20_000,
  csvBytes: 20 * 1024 * 1024,
  zipBytes: 50 * 1024 * 1024,
  /** The pictures named by the rows, unpacked, in all. */
  unpackedBytes: 200 * 1024 * 1024,
  zipEntries: 20_000,
  /** The rows whose changes a preview lists (the answer says how many more change). */
  changesListed: 200,
  /** The characters of a value a listed change shows; a longer one ends with '…'. */
  changeText: 200,
} as const;

/** A cell of just this empties its field in a row that updates a product (`-`). */
export const CLEAR_CELL = '-';
/** The columns a product may have empty, and so that CLEAR_CELL empties. */
export const CLEARABLE_COLUMNS = [
  'description',
  'weight',
  'barcode',
  'stockCount',
  'images',
  // All but the unit: a product is always sold by one.
  ...UNIT_FIELDS.slice(1),
  'hsn',
  'gstRate',
] as const satisfies readonly CatalogueColumn[];

const YES = ['true', 'yes', 'y', '1'];
const NO = ['false', 'no', 'n', '0'];

/** A spreadsheet's yes or no ("TRUE", "yes", "1"…); empty is left out. */
const yesNoText = (field: string) =>
  z.pipe(
    z.string(),
    z.transform((text: string, ctx) => {
      const word = text.trim().toLowerCase();
      if (YES.includes(word)) return true;
      if (NO.includes(word)) return false;
      ctx.issues.push({ code: 'custom', message: `${field} must be true or false`, input: text });
      return z.NEVER;
    }),
  );

/** Units, or grams (ml) of a loose product: the import holds each to its unit's most. */
const MOST_COUNTED = Math.max(MAX_STOCK_COUNT, MAX_LOOSE_STOCK);

/** A count of units as a spreadsheet writes it; empty is not counted (null). */
const unitsText = (field: string) =>
  z.pipe(
    z.string(),
    z.pipe(
      z.transform((text: string) => (text.trim() === '' ? null : Number(text.trim()))),
      z.nullable(
        z
          .int({ error: `${field} must be a whole number of units, or empty` })
          .check(
            z.minimum(0, `${field} must not be negative`),
            z.maximum(MOST_COUNTED, `${field} must be at most ${MOST_COUNTED}`),
          ),
      ),
    ),
  );

const importFields = {
  ...productFields(formPriceField),
  inStock: yesNoText('inStock'),
  stockCount: unitsText('stockCount'),
  /**
   * The loose product a pack draws from, by its SKU (ids differ from shop to shop); an export
   * writes the id of one without a SKU, which only this shop's import reads back.
   */
  drawsFrom: z.pipe(
    z.nullish(z.string()),
    z.pipe(
      z.transform((code: string | null | undefined) => code?.trim() || null),
      z.nullable(
        z
          .string()
          .check(z.regex(SKU_PATTERN, 'drawsFrom must be the SKU of a product sold by kg or L')),
      ),
    ),
  ),
};

/**
 * A row that creates a product: the fields add takes (the category by path or label, looked up
 * by the server; the description's `|` made line breaks first), `inStock` and `stockCount` as
 * text.
 */
export const importCreateRowSchema = z
  .object({
    ...importFields,
    inStock: z.optional(importFields.inStock),
    stockCount: z.optional(importFields.stockCount),
  })
  .check(
    z.refine((row) => row.offerPrice <= row.price, {
      error: OFFER_ABOVE_PRICE,
      path: ['offerPrice'],
      // Only once both prices are good: a bad price is the row's one error about prices.
      when: (payload) => payload.issues.length === 0,
    }),
  );
/** A row that updates the product of its SKU: only the columns the file has. */
export const importUpdateRowSchema = z.partial(z.object(importFields));
export type ImportRow = z.output<typeof importUpdateRowSchema>;

/**
 * A row's cells that it gives, checked before the server looks any of them up (a SKU, a name):
 * each product field as a row that updates checks it, the count read as a count, the category (a
 * path or a label) and the pictures as text.
 */
export const importCellsSchema = z.extend(importUpdateRowSchema, {
  stockCountRead: z.optional(unitsText('stockCountRead')),
  category: z.optional(z.string().check(...readableText('category'))),
  images: z.optional(z.string().check(...readableText('images'))),
});

/**
 * One thing wrong with an import: its row (1: the first under the header; 0: the header), its
 * `line` (the row's number as a spreadsheet shows the file: the header is line 1, and empty lines
 * count), column and why.
 */
export const importErrorSchema = z.object({
  row: z.int(),
  line: z.int(),
  field: z.string(),
  message: z.string(),
});
export type ImportError = z.infer<typeof importErrorSchema>;

/**
 * What a row that updates a product changes: the row, its line, its SKU as the file writes it
 * (null: none), the product's name, and each column that changes, from → to as the file writes
 * it ('' when empty; pictures by file name).
 */
export const importChangeSchema = z.object({
  row: z.int(),
  line: z.int(),
  sku: z.nullable(z.string()),
  name: z.string(),
  fields: z.array(z.object({ field: z.string(), from: z.string(), to: z.string() })),
});
export type ImportChange = z.infer<typeof importChangeSchema>;

/**
 * `POST /api/product/import`: what the rows do (or did, with `mode=apply`), and every row's
 * errors. With errors, apply changes nothing and answers 400 with them. `changes` lists what the
 * updating rows change, in row order: at most IMPORT_LIMITS.changesListed of them, chosen first
 * among those that empty a field or drop a picture; `moreChanges` counts the updating rows not
 * listed.
 */
export const importAnswerSchema = z.object({
  success: z.boolean(),
  message: z.optional(z.string()),
  /** INVALID when apply refused the file (errorAnswerSchema's code). */
  code: z.optional(z.string()),
  mode: z.enum(['preview', 'apply']),
  created: z.int(),
  updated: z.int(),
  unchanged: z.int(),
  errors: z.array(importErrorSchema),
  changes: z.array(importChangeSchema),
  moreChanges: z.int(),
});
export type ImportAnswer = z.infer<typeof importAnswerSchema>;

/** The import form's `mode`: `preview` (the default) checks and writes nothing. */
export const importModeSchema = z.pipe(
  z.optional(z.string()),
  z.pipe(
    z.transform((mode: string | undefined) => mode || 'preview'),
    z.enum(['preview', 'apply'], { error: 'mode must be preview or apply' }),
  ),
);
