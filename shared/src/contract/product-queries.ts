import * as z from 'zod/mini';
import { CATEGORY_PATH_PATTERN } from './category.js';
import { MAX_ORDER_LINES } from '../limits.js';
import { idField, queryInt, readableText } from './common.js';
import { MAX_PRODUCT_PAGE_SIZE, PRODUCT_PAGE_SIZE } from './product.js';

/*
 * The query strings that ask for products (search, the cart's items, the seller's list), apart from
 * the answers every client reads (product.ts): the server checks them, and a client only builds
 * them, so the storefront's first load carries none of these checks.
 */

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

/** What the seller's Product List narrows to, besides search and category. */
export const SELLER_PRODUCT_FILTERS = [
  'out-of-stock',
  'low-stock',
  'counted',
  'past-count',
  // Sold by kg or L: what a pack may draw from.
  'loose',
  'archived',
] as const;
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
