import type { ProductItemsAnswer, ProductPageAnswer, ProductSearchQuery } from '@kirana/shared';
import type { AppContext } from '../../lib/context.js';
import {
  packsOf,
  productsByIds,
  searchProducts,
  type PackRow,
  type ProductPage,
} from './product-search.js';
import { presentProduct } from './product.presenter.js';

type Context = Pick<AppContext, 'em' | 'publicUrl' | 'catalogue'>;

/**
 * A page of products as answered, pictures under the request's origin; a family's pack with its
 * family's `packs` when they are given (the storefront's).
 */
export const pageAnswer = (
  ctx: Context,
  { products, total, hasMore }: ProductPage,
  packs?: ReadonlyMap<string, readonly PackRow[]>,
) =>
  ({
    success: true,
    products: products.map((product) => presentProduct(product, ctx.publicUrl, packs)),
    total,
    hasMore,
  }) satisfies ProductPageAnswer;

/**
 * `GET /api/product/search`: live products of the shown categories, in-stock first, kept in the
 * catalogue's memory until it changes (the route and the storefront's pages answer the same).
 */
export const searchAnswer = (ctx: Context, query: ProductSearchQuery): Promise<ProductPageAnswer> =>
  ctx.catalogue.searched(query, ctx.publicUrl, async () => {
    const found = await searchProducts(ctx.em, query);
    return pageAnswer(ctx, found, await packsOf(ctx.em, found.products));
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
  const packs = await packsOf(ctx.em, products);
  return {
    success: true,
    products: products.map((product) => presentProduct(product, ctx.publicUrl, packs)),
  };
}
