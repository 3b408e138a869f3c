import type { ProductItemsAnswer, ProductPageAnswer, ProductSearchQuery } from '@kirana/shared';
import type { AppContext } from '../../lib/context.js';
import type { EncodedAnswer } from '../../lib/precompressed.js';
import type { Product } from './product.entity.js';
import {
  drawnStockOf,
  packsOf,
  productsByIds,
  searchProducts,
  type ProductPage,
} from './product-search.js';
import { presentProduct, type Related } from './product.presenter.js';

type Context = Pick<AppContext, 'em' | 'publicUrl' | 'catalogue'>;

/**
 * A page of products as answered, pictures under the request's origin; a family's pack with its
 * family's `packs` when they are given (the storefront's).
 */
export const pageAnswer = (
  ctx: Context,
  { products, total, hasMore }: ProductPage,
  related?: Related,
) =>
  ({
    success: true,
    products: products.map((product) => presentProduct(product, ctx.publicUrl, related)),
    total,
    hasMore,
  }) satisfies ProductPageAnswer;

/**
 * `GET /api/product/search`: live products of the shown categories, in-stock first, kept in the
 * catalogue's memory as its bytes until it changes (the route and the storefront's pages answer
 * the same).
 */
export const searchAnswer = (ctx: Context, query: ProductSearchQuery): Promise<EncodedAnswer> =>
  ctx.catalogue.searched(query, ctx.publicUrl, async () => {
    const found = await searchProducts(ctx.em, query);
    return pageAnswer(ctx, found, await relatedOf(ctx, found.products));
  });

/**
 * `GET /api/product/items`: the products a cart (or a product's page) holds, by id, whatever they
 * are now (archived, out of stock), so the cart can say so; a pack with its family's sizes.
 */
export async function itemsAnswer(
  ctx: Context,
  ids: readonly string[],
): Promise<ProductItemsAnswer> {
  const products = await productsByIds(ctx.em, ids);
  const related = await relatedOf(ctx, products);
  return {
    success: true,
    products: products.map((product) => presentProduct(product, ctx.publicUrl, related)),
  };
}

/** The families' sizes and the loose stock of `products`, for the storefront's answers. */
async function relatedOf(ctx: Context, products: readonly Product[]): Promise<Related> {
  const [packs, drawn] = await Promise.all([
    packsOf(ctx.em, products),
    drawnStockOf(ctx.em, products),
  ]);
  return { packs, drawn };
}
