import {
  productItemsQuerySchema,
  productSearchQuerySchema,
  type CategoryListAnswer,
  type ProductPageAnswer,
  type ShopAnswer,
  type StorefrontFetch,
} from '@kirana/shared';
import type { AppContext } from '../../lib/context.js';
import { AppError, errorAnswer } from '../../lib/errors.js';
import { presentCategory } from '../category/category.presenter.js';
import { listCategories } from '../category/category.service.js';
import { itemsAnswer, searchAnswer } from '../product/product-answers.js';
import { presentShop } from '../shop/shop.presenter.js';
import { readShop } from '../shop/shop.service.js';

type Context = Pick<AppContext, 'em' | 'publicUrl' | 'catalogue' | 'log'>;

/**
 * The public calls a storefront page is rendered from, answered in this process as their routes
 * answer a shopper over HTTP (web/src/entry-server.tsx asks them through its API client).
 */
export function storefrontFetch(ctx: Context): StorefrontFetch {
  const calls: Record<string, (query: Record<string, string>) => Promise<unknown>> = {
    '/api/category/list': async () =>
      ({
        success: true,
        categories: (await listCategories(ctx.em, { shown: true })).map((category) =>
          presentCategory(category, ctx.publicUrl),
        ),
      }) satisfies CategoryListAnswer,
    '/api/product/search': async (query) =>
      (await searchAnswer(ctx, productSearchQuerySchema.parse(query))).value<ProductPageAnswer>(),
    '/api/product/items': (query) => itemsAnswer(ctx, productItemsQuerySchema.parse(query).ids),
    // Its name and promise; the page is hydrated asking again whether it is open (it is kept).
    '/api/shop': async () =>
      ({ success: true, shop: presentShop(await readShop(ctx.em)) }) satisfies ShopAnswer,
  };
  return async (path) => {
    const url = new URL(path, 'http://storefront.invalid');
    try {
      const call = calls[url.pathname];
      if (!call) throw new AppError('NOT_FOUND', `No such endpoint: GET ${url.pathname}`);
      return { status: 200, body: await call(Object.fromEntries(url.searchParams)) };
    } catch (error) {
      const answer = errorAnswer(error);
      if (answer.status >= 500) ctx.log.error({ err: error, path }, 'storefront call failed');
      return answer;
    }
  };
}
