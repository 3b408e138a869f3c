import * as z from 'zod/mini';
import { MAX_STOCK_COUNT } from '../limits.js';
import { formPriceField, OFFER_ABOVE_PRICE, productFields } from './product-editing.js';

/*
 * Import and export (design: Catalogue at shop scale): a CSV with a header row, columns in any
 * order; a row with a known `sku` updates that product, any other is created.
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
  'images',
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
} as const;

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

/** A count of units as a spreadsheet writes it; empty is not counted (null). */
const unitsText = z.pipe(
  z.string(),
  z.pipe(
    z.transform((text: string) => (text.trim() === '' ? null : Number(text.trim()))),
    z.nullable(
      z
        .int({ error: 'stockCount must be a whole number of units, or empty' })
        .check(
          z.minimum(0, 'stockCount must not be negative'),
          z.maximum(MAX_STOCK_COUNT, `stockCount must be at most ${MAX_STOCK_COUNT}`),
        ),
    ),
  ),
);

const importFields = {
  ...productFields(formPriceField),
  inStock: yesNoText('inStock'),
  stockCount: unitsText,
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

/** One thing wrong with an import: its row (1: the first under the header), column and why. */
export const importErrorSchema = z.object({
  row: z.int(),
  field: z.string(),
  message: z.string(),
});
export type ImportError = z.infer<typeof importErrorSchema>;

/**
 * `POST /api/product/import`: what the rows do (or did, with `mode=apply`), and every row's
 * errors. With errors, apply changes nothing and answers 400 with them.
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
