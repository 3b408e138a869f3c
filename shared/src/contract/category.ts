import * as z from 'zod/mini';

/**
 * A category as every endpoint answers it: the spec's `text`, `path`, `image` and `bgColor`,
 * with the seller's order (`position`, smallest first) and whether shoppers see it.
 */
export const categorySchema = z.object({
  _id: z.string(),
  text: z.string(),
  /** Stored on products and used in URLs (compared in lower case); never changes once made. */
  path: z.string(),
  image: z.string(),
  bgColor: z.string(),
  position: z.int(),
  /** Off the storefront: no tile, no page, its products in no listing or search. */
  hidden: z.boolean(),
});
export type CategoryDto = z.infer<typeof categorySchema>;

/** `GET /api/category/list`: in the seller's order; shoppers get the shown ones only. */
export const categoryListAnswerSchema = z.object({
  success: z.literal(true),
  categories: z.array(categorySchema),
});
export type CategoryListAnswer = z.infer<typeof categoryListAnswerSchema>;

/** `POST /api/category/add` and `…/update`: the category after the change. */
export const categorySavedAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  category: categorySchema,
});
export type CategorySavedAnswer = z.infer<typeof categorySavedAnswerSchema>;

/** A category's path: what its URL shows, e.g. `Personal-Care` for /products/personal-care. */
export const CATEGORY_PATH_PATTERN = /^[A-Za-z][A-Za-z0-9-]{0,39}$/;
