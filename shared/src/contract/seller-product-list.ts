import * as z from 'zod/mini';
import { readableText } from './common.js';
import { pageFields } from './product.js';

/*
 * The seller's Product List query, apart from what every client reads of products (product.ts):
 * the storefront's first load carries none of its checks.
 */

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
