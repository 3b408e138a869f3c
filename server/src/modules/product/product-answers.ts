import type { ProductItemsAnswer, ProductPageAnswer, ProductSearchQuery } from '@kirana/shared';
import type { AppContext } from '../../lib/context.js';
import { productsByIds, searchProducts, type ProductPage } from './product-search.js';
import { presentProduct } from './product.presenter.js';

type Context = Pick<AppContext, 'em' | 'publicUrl' | 'catalogue'>;

/** A page of products as answered, pictures under the request's origin. */
export const pageAnswer = (ctx: Context, { products, total, hasMore }: ProductPage) =>
  ({
    success: true,
    products: products.map((product) => presentProduct(product, ctx.publicUrl)),
    total,
    hasMore,
  }) satisfies ProductPageAnswer;

/**
 * `GET /api/product/search`: live products of the shown categories, in-stock first, kept in the
 * catalogue's memory until it changes (the route and the storefront's pages answer the same).
 */
export const searchAnswer = (ctx: Context, query: ProductSearchQuery): Promise<ProductPageAnswer> =>
  ctx.catalogue.searched(query, ctx.publicUrl, async () =>
    pageAnswer(ctx, await searchProducts(ctx.em, query)),
  );

/**
 * `GET /api/product/items`: the products a cart holds, by id, whatever they are now (archived,
 * out of stock), so the cart can say so.
 */
export const itemsAnswer = async (
  ctx: Context,
  ids: readonly string[],
): Promise<ProductItemsAnswer> => ({
  success: true,
  products: (await productsByIds(ctx.em, ids)).map((product) =>
    presentProduct(product, ctx.publicUrl),
  ),
});
