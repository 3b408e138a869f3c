import type { ProductListAnswer } from '@kirana/shared';
import Router from '@koa/router';
import type { AppContext, AppState } from '../../lib/context.js';
import { presentProduct } from './product.presenter.js';
import { listProducts } from './product.service.js';

export function productRoutes(): Router<AppState, AppContext> {
  const router = new Router<AppState, AppContext>({ prefix: '/api/product' });

  router.get('/list', async (ctx) => {
    const products = await listProducts(ctx.em);
    ctx.body = {
      success: true,
      products: products.map(presentProduct),
    } satisfies ProductListAnswer;
  });

  return router;
}
