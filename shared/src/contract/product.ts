import * as z from 'zod/mini';
import { CATEGORY_PATH_PATTERN } from './category.js';
import { MAX_ORDER_LINES } from '../limits.js';
import { idField, queryInt, readableText } from './common.js';
import { UNITS } from '../domain/quantity.js';

/*
 * Products as they are read: the storefront's pages and search, the cart's items, the seller's
 * list. Changing them is product-editing.ts; the CSV import is catalogue-import.ts.
 */

/** A product as every endpoint answers it. Prices are rupees with two decimals. */
export const productSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** The path of its category (`GET /api/category/list`). */
  category: z.string(),
  description: z.array(z.string()),
  /**
   * How it is sold: by the piece, or loose by the kilo or litre; loose, its prices are per kilo
   * (litre) and its counts grams (ml) (docs/catalogue.md#loose-goods-and-packs).
   */
  unit: z.enum(UNITS),
  price: z.number(),
  offerPrice: z.number(),
  image: z.array(z.string()),
  inStock: z.boolean(),
  /**
   * Units left (grams or ml of a loose product), or null when the shop does not count them (the
   * in/out switch alone) or it is a pack drawing from a loose product. Placing an order takes its
   * units; at 0 the product is out of stock (docs/orders.md#stock).
   */
  stockCount: z.nullable(z.int()),
  /**
   * Units sold past the count (the counter's sales at 0, the customer holding the packet) since the
   * count was last set: while above 0 the shelf wants counting
   * (docs/counter.md#sold-past-the-count).
   */
  pastCount: z.int(),
  /** Pack size such as "500 g"; shown as N/A when null. */
  weight: z.nullable(z.string()),
  /** The shop's own code for it, unique among live products; import updates by it. */
  sku: z.nullable(z.string()),
  /** The code on its pack (EAN/UPC digits) or the shop's own, unique among live products. */
  barcode: z.nullable(z.string()),
  /** Loose: the grams (ml) a shopper chooses from online, ascending; null by the piece. */
  steps: z.nullable(z.array(z.int())),
  /** Loose: the 5 digits a weighing scale's labels carry for it; unique among live products. */
  scaleCode: z.nullable(z.string()),
  /** The name its pack sizes share ("Aashirvaad Atta"), and which size it is ("5 kg"). */
  family: z.nullable(z.string()),
  packLabel: z.nullable(z.string()),
  /**
   * A pack sold by the piece that holds `packQuantity` grams (ml) of the loose product
   * `drawsFrom` (its id): it has no count of its own (stockCount null); the loose stock is its.
   */
  drawsFrom: z.nullable(z.string()),
  packQuantity: z.nullable(z.int()),
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

/** Products per page of a listing or search: the default, and the most one request may ask. */
export const PRODUCT_PAGE_SIZE = 24;
export const MAX_PRODUCT_PAGE_SIZE = 100;

/** Which page of a listing, of how many products, in which category: the listings' own fields. */
export const pageFields = {
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
