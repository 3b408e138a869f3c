import * as z from 'zod/mini';
import { CATEGORY_PATH_PATTERN } from './category.js';
import { MAX_PRODUCT_IMAGES, MAX_STOCK_COUNT } from '../limits.js';
import { GST_RATES, HSN, HSN_EXPECTED } from '../domain/gst.js';
import { MAX_LOOSE_STOCK } from '../domain/product-units.js';
import { MAX_LOOSE_QUANTITY, UNITS } from '../domain/quantity.js';
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
import { MAX_PRODUCT_PAGE_SIZE, productSchema } from './product.js';

/** The seller changes products: add, update, archive, stock (products as read: product.ts). */

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

/** A weighing scale's code for a loose product: the 5 digits its labels carry. */
export const SCALE_CODE_PATTERN = /^\d{5}$/;

/** An optional text of at most `max` characters: blank or absent is none (null). */
const optionalText = (field: string, max: number) =>
  z.pipe(
    z.nullish(
      z
        .string({ error: `${field} must be text` })
        .check(
          z.trim(),
          z.maxLength(max, `${field} must be at most ${max} characters`),
          ...readableText(field),
        ),
    ),
    z.transform((text: string | null | undefined) => text || null),
  );

/** How a product is sold, in any case ("KG", "l"); blank or absent is left to the server (piece). */
const unitField = z.pipe(
  z.nullish(z.string({ error: 'unit must be piece, kg or L' })),
  z.pipe(
    z.transform(
      (text: string | null | undefined) =>
        UNITS.find((unit) => unit.toLowerCase() === text?.trim().toLowerCase()) ??
        (text?.trim() ? text : undefined),
    ),
    z.optional(z.enum(UNITS, { error: 'unit must be piece, kg or L' })),
  ),
);

const STEPS_RULE = 'steps must be a list of grams (or ml), e.g. [250, 500, 1000] or 250|500|1000';

/**
 * The grams (ml) a loose product is offered in online: a list, or text as a spreadsheet writes it
 * ("250|500|1000"); empty is none (null: the product's unit decides, docs/catalogue.md#steps).
 * Whether they fit the unit is unitFieldsProblem's to say.
 */
const stepsField = z.pipe(
  z.nullish(z.union([z.string(), z.array(z.unknown())], { error: STEPS_RULE })),
  z.pipe(
    z.transform((steps: string | unknown[] | null | undefined) => {
      const list =
        typeof steps === 'string'
          ? steps.trim() === ''
            ? []
            : steps.split('|').map((step) => fromFormText(step))
          : (steps ?? []);
      return list.length === 0 ? null : list;
    }),
    z.nullable(
      z
        .array(z.number({ error: STEPS_RULE }), { error: STEPS_RULE })
        .check(z.maxLength(20, 'steps must be at most 20')),
    ),
  ),
);

/** The grams (ml) of its loose product a pack holds; as a number or its text; empty is none. */
const packQuantityField = z.pipe(
  z.transform((value: unknown) =>
    value === '' || value === undefined ? null : fromFormText(value),
  ),
  z.nullable(
    z
      .int({ error: 'packQuantity must be a whole number of grams (or ml)' })
      .check(
        z.minimum(1, 'packQuantity must be at least 1 gram (or ml)'),
        z.maximum(MAX_LOOSE_QUANTITY, `packQuantity must be at most ${MAX_LOOSE_QUANTITY}`),
      ),
  ),
);

const GST_RATE_RULE = `gstRate must be one of ${GST_RATES.join(', ')} (percent)`;

/** The product's GST rate in percent, as a number or its text ("5", "5%"); empty is none (null). */
const gstRateField = z.pipe(
  z.transform((value: unknown) => {
    if (value === '' || value === undefined || value === null) return null;
    return typeof value === 'string' ? fromFormText(value.trim().replace(/%$/, '')) : value;
  }),
  z.nullable(
    z
      .number({ error: GST_RATE_RULE })
      .check(z.refine((rate) => (GST_RATES as readonly number[]).includes(rate), GST_RATE_RULE)),
  ),
);

/** The product's fields; `price` makes each price field (strict number, or also form text). */
export function productFields(price: (field: string) => z.ZodMiniType<number, unknown>) {
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
    weight: optionalText('weight', 50),
    unit: unitField,
    steps: stepsField,
    scaleCode: optionalCode('scaleCode', SCALE_CODE_PATTERN, 'scaleCode must be 5 digits'),
    family: optionalText('family', 200),
    packLabel: optionalText('packLabel', 40),
    drawsFrom: z.pipe(
      z.nullish(z.string({ error: 'drawsFrom must be the id of a loose product' })),
      z.pipe(
        z.transform((id: string | null | undefined) => id?.trim() || null),
        z.nullable(idField('drawsFrom')),
      ),
    ),
    packQuantity: packQuantityField,
    /** Its HSN code and GST rate (docs/gst.md#products): a registered shop sells only with both. */
    hsn: optionalCode('hsn', HSN, HSN_EXPECTED),
    gstRate: gstRateField,
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
export const formPriceField = (field: string) =>
  z.pipe(z.transform(fromFormText), priceField(field));

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
            z.union(
              [
                z.string().check(...readableText('image')),
                z.int().check(z.minimum(0), z.maximum(MAX_PRODUCT_IMAGES - 1)),
              ],
              {
                error: IMAGE_LAYOUT,
              },
            ),
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
  // Units, or grams (ml) of a loose product: the server holds each to its unit's most.
  stockCount: z.optional(
    z.nullable(
      z
        .int({ error: 'stockCount must be a whole number of units, or null' })
        .check(
          z.minimum(0, 'stockCount must not be negative'),
          z.maximum(
            Math.max(MAX_STOCK_COUNT, MAX_LOOSE_STOCK),
            `stockCount must be at most ${Math.max(MAX_STOCK_COUNT, MAX_LOOSE_STOCK)}`,
          ),
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
