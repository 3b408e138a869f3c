import * as z from 'zod/mini';
import { CATEGORY_PATH_PATTERN } from './category.js';
import { MAX_ORDER_LINES, MAX_PRODUCT_IMAGES, MAX_STOCK_COUNT } from '../limits.js';
import {
  idField,
  jsonField,
  messageAnswerSchema,
  paiseOf,
  readableText,
  requestBody,
  requiredText,
  wholePaise,
} from './common.js';

/** A product as every endpoint answers it. Prices are rupees with two decimals. */
export const productSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** The path of its category (`GET /api/category/list`). */
  category: z.string(),
  description: z.array(z.string()),
  price: z.number(),
  offerPrice: z.number(),
  image: z.array(z.string()),
  inStock: z.boolean(),
  /**
   * Units left, or null when the shop does not count them (the in/out switch alone). Placing an
   * order takes its units; at 0 the product is out of stock (design: Orders, Stock).
   */
  stockCount: z.nullable(z.int()),
  /** Pack size such as "500 g"; shown as N/A when null. */
  weight: z.nullable(z.string()),
  /** The shop's own code for it, unique among live products; import updates by it. */
  sku: z.nullable(z.string()),
  /** The code on its pack (EAN/UPC digits) or the shop's own, unique among live products. */
  barcode: z.nullable(z.string()),
  /**
   * Set once the seller archived it: it has left the catalogue (out of stock, never sold again)
   * and stays only on the orders that hold it.
   */
  archivedAt: z.nullable(z.iso.datetime()),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Product = z.infer<typeof productSchema>;

/** `GET /api/product/list` */
export const productListAnswerSchema = z.object({
  success: z.literal(true),
  products: z.array(productSchema),
});
export type ProductListAnswer = z.infer<typeof productListAnswerSchema>;

const priceField = (field: string) =>
  z.number({ error: `${field} must be a number` }).check(
    z.refine((price) => paiseOf(price) > 0, `${field} must be greater than 0`),
    z.maximum(10_000_000, `${field} is too large`),
    z.refine(wholePaise, `${field} must have at most two decimals`),
  );

// The seller types the description as text; each non-empty line becomes one bullet.
const toLines = (description: string | string[] | null | undefined): string[] =>
  (typeof description === 'string' ? description.split(/\r?\n/) : (description ?? []))
    .map((line) => line.trim())
    .filter((line) => line.length > 0);

// A number as a browser form writes it ("100", "99.50", " 5 "); other text is left as it is, for
// the number check to refuse naming the field.
const DECIMAL_TEXT = /^[-+]?(\d+(\.\d*)?|\.\d+)$/;
const fromFormText = (value: unknown) =>
  typeof value === 'string' && DECIMAL_TEXT.test(value.trim()) ? Number(value) : value;

/** A product's SKU: the shop's own code, e.g. `ATTA-5KG` or `1042`. */
export const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,63}$/;
const SKU_RULE = 'sku must be letters, digits and . _ / - (at most 64)';
/** A barcode: EAN/UPC digits, or the shop's own code of letters, digits and hyphens. */
export const BARCODE_PATTERN = /^[A-Za-z0-9-]{4,32}$/;
const BARCODE_RULE = 'barcode must be 4 to 32 digits, letters or hyphens';

/** An optional code: blank or absent is none (null). */
const optionalCode = (field: string, pattern: RegExp, rule: string) =>
  z.pipe(
    z.nullish(z.string({ error: `${field} must be text` }).check(z.trim())),
    z.pipe(
      z.transform((code: string | null | undefined) => code || null),
      z.nullable(z.string().check(z.regex(pattern, rule))),
    ),
  );

/** The product's fields; `price` makes each price field (strict number, or also form text). */
function productFields(price: (field: string) => z.ZodMiniType<number, unknown>) {
  return {
    name: requiredText('name', 200),
    description: z.pipe(
      z.pipe(
        z.nullish(
          z.union([z.string(), z.array(z.string())], {
            error: 'description must be text or a list of lines',
          }),
        ),
        z.transform(toLines),
      ),
      z.array(z.string().check(...readableText('description'))),
    ),
    category: z
      .string({ error: 'category is required' })
      .check(z.trim(), z.regex(CATEGORY_PATH_PATTERN, 'category must be the path of a category')),
    price: price('price'),
    offerPrice: price('offerPrice'),
    sku: optionalCode('sku', SKU_PATTERN, SKU_RULE),
    barcode: optionalCode('barcode', BARCODE_PATTERN, BARCODE_RULE),
    weight: z.pipe(
      z.nullish(
        z
          .string({ error: 'weight must be text' })
          .check(
            z.trim(),
            z.maxLength(50, 'weight must be at most 50 characters'),
            ...readableText('weight'),
          ),
      ),
      z.transform((weight: string | null | undefined) => weight || null),
    ),
  };
}

/** Two prices of a product as the shop shows them: the offer is never above the price. */
export const OFFER_ABOVE_PRICE = 'offerPrice must not exceed price';

function productData(price: (field: string) => z.ZodMiniType<number, unknown>) {
  return z.object(productFields(price), { error: 'productData must be a JSON object' }).check(
    z.refine((data) => data.offerPrice <= data.price, {
      error: OFFER_ABOVE_PRICE,
      path: ['offerPrice'],
    }),
  );
}

/** A price as a browser form may write it: a JSON number or its text ("100"). */
const formPriceField = (field: string) => z.pipe(z.transform(fromFormText), priceField(field));

const IMAGE_LAYOUT =
  'image must list the pictures in order: the URL of one to keep, or the index of a new one';

/** The `productData` JSON of `POST /api/product/add`; prices in rupees, as JSON numbers. */
export const productDataSchema = productData(priceField);
export type ProductDataInput = z.input<typeof productDataSchema>;
export type ProductData = z.output<typeof productDataSchema>;

/**
 * The multipart `productData` field as sent: JSON text holding {@link productDataSchema}, whose
 * prices may also be written as text ("100"), as browser forms send them.
 */
export const productDataFieldSchema = z.pipe(jsonField('productData'), productData(formPriceField));

/**
 * The multipart `productData` field of `POST /api/product/update`: the product's `id` and the
 * fields that change (any of add's, prices also as text), and optionally `image`, the product's
 * pictures in their new order: a kept picture by its URL, a new one by its index among the
 * `images` files (absent: all it has, then the new ones). Whether the offer stays within the
 * price is checked against the product.
 */
export const productUpdateFieldSchema = z.pipe(
  jsonField('productData'),
  z.extend(
    z.partial(
      z.object(productFields(formPriceField), { error: 'productData must be a JSON object' }),
    ),
    {
      id: idField('id'),
      image: z.optional(
        z
          .array(
            z.union([z.string(), z.int().check(z.minimum(0), z.maximum(MAX_PRODUCT_IMAGES - 1))], {
              error: IMAGE_LAYOUT,
            }),
            { error: IMAGE_LAYOUT },
          )
          .check(
            z.maxLength(
              MAX_PRODUCT_IMAGES,
              `image must list at most ${MAX_PRODUCT_IMAGES} pictures`,
            ),
            z.refine((entries) => new Set(entries).size === entries.length, {
              error: 'image must not list a picture twice',
            }),
          ),
      ),
    },
  ),
);
export type ProductUpdate = z.output<typeof productUpdateFieldSchema>;

/** `POST /api/product/archive`: the product leaves the catalogue for good. */
export const archiveProductBodySchema = requestBody({ id: idField('id') });
export type ArchiveProductBody = z.infer<typeof archiveProductBodySchema>;

/**
 * `POST /api/product/stock`: the in/out switch, the count of units (null: not counted), or both.
 * A count alone also sets the switch: in stock above 0, out at 0.
 */
export const stockBodySchema = requestBody({
  id: idField('id'),
  inStock: z.optional(z.boolean({ error: 'inStock must be true or false' })),
  stockCount: z.optional(
    z.nullable(
      z
        .int({ error: 'stockCount must be a whole number of units, or null' })
        .check(
          z.minimum(0, 'stockCount must not be negative'),
          z.maximum(MAX_STOCK_COUNT, `stockCount must be at most ${MAX_STOCK_COUNT}`),
        ),
    ),
  ),
}).check(
  z.refine((body) => body.inStock !== undefined || body.stockCount !== undefined, {
    error: 'inStock or stockCount is required',
  }),
);
export type StockBody = z.infer<typeof stockBodySchema>;

/** `POST /api/product/add`, `…/update`, `…/archive` and `…/stock`: the product after the change. */
export const productSavedAnswerSchema = z.extend(messageAnswerSchema, { product: productSchema });
export type ProductSavedAnswer = z.infer<typeof productSavedAnswerSchema>;

/** Products per page of a listing or search: the default, and the most one request may ask. */
export const PRODUCT_PAGE_SIZE = 24;
export const MAX_PRODUCT_PAGE_SIZE = 100;

/** A query-string number: `?page=2` arrives as text. */
const queryInt = (field: string, min: number, max: number, fallback: number) =>
  z.pipe(
    z.optional(z.string()),
    z.pipe(
      z.transform((text: string | undefined) =>
        text === undefined || text === '' ? fallback : Number(text),
      ),
      z
        .int({ error: `${field} must be a whole number` })
        .check(
          z.minimum(min, `${field} must be at least ${min}`),
          z.maximum(max, `${field} must be at most ${max}`),
        ),
    ),
  );

const pageFields = {
  page: queryInt('page', 1, 10_000, 1),
  limit: queryInt('limit', 1, MAX_PRODUCT_PAGE_SIZE, PRODUCT_PAGE_SIZE),
  category: z.optional(
    z.string().check(z.regex(CATEGORY_PATH_PATTERN, 'category must be the path of a category')),
  ),
};

/**
 * `GET /api/product/search?q=&category=&inStock=&page=&limit=`. Without `q` (or with it empty),
 * the listing of a category or of the whole shop, in the catalogue's order: the best sellers, a
 * category's pages. `inStock=true`: only products in stock (the storefront's listings).
 */
export const productSearchQuerySchema = z.object({
  q: z.pipe(
    z.optional(
      z
        .string({ error: 'q must be text' })
        .check(
          z.trim(),
          z.maxLength(100, 'q must be at most 100 characters'),
          ...readableText('q'),
        ),
    ),
    z.transform((q: string | undefined) => q || undefined),
  ),
  inStock: z.optional(z.literal('true', { error: 'inStock must be true when given' })),
  ...pageFields,
});
export type ProductSearchQuery = z.output<typeof productSearchQuerySchema>;

/** A page of products: `GET /api/product/search`, `…/seller/list`. */
export const productPageAnswerSchema = z.object({
  success: z.literal(true),
  products: z.array(productSchema),
  total: z.int(),
  hasMore: z.boolean(),
});
export type ProductPageAnswer = z.infer<typeof productPageAnswerSchema>;

/** `GET /api/product/items?ids=a,b,c`: the cart's own products, at most MAX_ORDER_LINES. */
export const productItemsQuerySchema = z.object({
  ids: z.pipe(
    z.string({ error: 'ids is required' }),
    z.pipe(
      z.transform((ids: string) => [...new Set(ids.split(',').filter((id) => id !== ''))]),
      z
        .array(idField('ids'))
        .check(
          z.minLength(1, 'ids is required'),
          z.maxLength(MAX_ORDER_LINES, `ids must list at most ${MAX_ORDER_LINES} products`),
        ),
    ),
  ),
});

/** `GET /api/product/items`: the products asked for that exist, archived ones included. */
export const productItemsAnswerSchema = z.object({
  success: z.literal(true),
  products: z.array(productSchema),
});
export type ProductItemsAnswer = z.infer<typeof productItemsAnswerSchema>;

/** What the seller's Product List narrows to, besides search and category. */
export const SELLER_PRODUCT_FILTERS = ['out-of-stock', 'low-stock', 'counted', 'archived'] as const;
export type SellerProductFilter = (typeof SELLER_PRODUCT_FILTERS)[number];

/** `GET /api/product/seller/list?q=&category=&filter=&page=&limit=` (seller). */
export const sellerProductListQuerySchema = z.object({
  q: z.optional(
    z
      .string()
      .check(z.trim(), z.maxLength(100, 'q must be at most 100 characters'), ...readableText('q')),
  ),
  filter: z.optional(
    z.enum(SELLER_PRODUCT_FILTERS, {
      error: `filter must be one of ${SELLER_PRODUCT_FILTERS.join(', ')}`,
    }),
  ),
  ...pageFields,
});
export type SellerProductListQuery = z.output<typeof sellerProductListQuerySchema>;

/** `POST /api/product/stock/bulk`: several products' stock in one go, all or none. */
export const bulkStockBodySchema = requestBody({
  changes: z.array(stockBodySchema, { error: 'changes must be a list of stock changes' }).check(
    z.minLength(1, 'changes must list at least one product'),
    z.maxLength(
      MAX_PRODUCT_PAGE_SIZE,
      `changes must list at most ${MAX_PRODUCT_PAGE_SIZE} products`,
    ),
    z.refine((changes) => new Set(changes.map((change) => change.id)).size === changes.length, {
      error: 'changes must list each product once',
    }),
  ),
});
export type BulkStockBody = z.infer<typeof bulkStockBodySchema>;

/** `POST /api/product/stock/bulk`: the products after the change. */
export const bulkStockAnswerSchema = z.extend(messageAnswerSchema, {
  products: z.array(productSchema),
});
export type BulkStockAnswer = z.infer<typeof bulkStockAnswerSchema>;

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

/** An Indian name of a grocery the seller added, searched as `means` is: `thandai` → milkshake. */
export const searchNameSchema = z.object({ _id: z.string(), name: z.string(), means: z.string() });
export type SearchNameDto = z.infer<typeof searchNameSchema>;

/** `GET /api/product/search-names` (seller): the seller's own, beside the shipped list. */
export const searchNamesAnswerSchema = z.object({
  success: z.literal(true),
  names: z.array(searchNameSchema),
});
export type SearchNamesAnswer = z.infer<typeof searchNamesAnswerSchema>;

/** `POST /api/product/search-names`: a name shoppers type, and the word of the catalogue it means. */
export const searchNameBodySchema = requestBody({
  name: requiredText('name', 60),
  means: requiredText('means', 60),
});
export type SearchNameBody = z.infer<typeof searchNameBodySchema>;

/** `POST /api/product/search-names`: the name added. */
export const searchNameSavedAnswerSchema = z.extend(messageAnswerSchema, {
  name: searchNameSchema,
});
export type SearchNameSavedAnswer = z.infer<typeof searchNameSavedAnswerSchema>;

/** `POST /api/product/search-names/remove`. */
export const removeSearchNameBodySchema = requestBody({ id: idField('id') });
