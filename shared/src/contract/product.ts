import * as z from 'zod/mini';
import { UNITS } from '../domain/quantity.js';

/*
 * Products as they are read: the storefront's pages and search, the cart's items, the seller's
 * list. The queries that ask for them are product-queries.ts; changing them is
 * product-editing.ts; the CSV import is catalogue-import.ts.
 */

/**
 * One size of a product's family as the storefront's size chooser shows it: its own page
 * (`productHref`), price and stock (docs/catalogue.md#loose-goods-and-packs).
 */
export const packSchema = z.object({
  _id: z.string(),
  category: z.string(),
  packLabel: z.string(),
  price: z.number(),
  offerPrice: z.number(),
  inStock: z.boolean(),
});
export type Pack = z.infer<typeof packSchema>;

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
  /** Its HSN code and GST rate in percent (docs/gst.md#products); null: not set. */
  hsn: z.nullable(z.string()),
  gstRate: z.nullable(z.number()),
  /**
   * A pack of a family, in the storefront's search and items answers only: every live size of
   * its family in the shown categories (itself too), cheapest first. Absent elsewhere and for a
   * product of no family, whose answers stay the spec's.
   */
  packs: z.optional(z.array(packSchema)),
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

/** A page of products: `GET /api/product/search`, `…/seller/list`. */
export const productPageAnswerSchema = z.object({
  success: z.literal(true),
  products: z.array(productSchema),
  total: z.int(),
  hasMore: z.boolean(),
});
export type ProductPageAnswer = z.infer<typeof productPageAnswerSchema>;

/** `GET /api/product/items`: the products asked for that exist, archived ones included. */
export const productItemsAnswerSchema = z.object({
  success: z.literal(true),
  products: z.array(productSchema),
});
export type ProductItemsAnswer = z.infer<typeof productItemsAnswerSchema>;
