import { z } from 'zod';
import { CATEGORY_PATHS } from '../catalog.js';

/** A product as every endpoint answers it. Prices are rupees with two decimals. */
export const productSchema = z.object({
  _id: z.string(),
  name: z.string(),
  category: z.enum(CATEGORY_PATHS),
  description: z.array(z.string()),
  price: z.number(),
  offerPrice: z.number(),
  image: z.array(z.string()),
  inStock: z.boolean(),
  /** Pack size such as "500 g"; shown as N/A when null. */
  weight: z.string().nullable(),
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
