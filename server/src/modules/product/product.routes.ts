import {
  MAX_PRODUCT_IMAGES,
  productDataFieldSchema,
  stockBodySchema,
  type ProductListAnswer,
  type ProductSavedAnswer,
} from '@kirana/shared';
import Router from '@koa/router';
import { requireSession } from '../../lib/auth.js';
import type { AppContext, AppState } from '../../lib/context.js';
import { assertSafeInput } from '../../lib/text-input.js';
import type { ImageStore } from '../upload/image-store.js';
import { imageUpload } from '../upload/upload.js';
import { presentProduct } from './product.presenter.js';
import { addProduct, listProducts, setStock } from './product.service.js';

export function productRoutes(store: ImageStore): Router<AppState, AppContext> {
  const router = new Router<AppState, AppContext>({ prefix: '/api/product' });

  router.get('/list', async (ctx) => {
    const products = await listProducts(ctx.em);
    ctx.body = {
      success: true,
      products: products.map((product) => presentProduct(product, ctx.publicUrl)),
    } satisfies ProductListAnswer;
  });

  router.post(
    '/add',
    // Only the seller's uploads are read at all.
    async (ctx, next) => {
      await requireSession(ctx, 'seller');
      await next();
    },
    imageUpload('images', MAX_PRODUCT_IMAGES),
    async (ctx) => {
      const body = ctx.request.body as { productData?: unknown } | undefined;
      const data = productDataFieldSchema.parse(body?.productData);
      assertSafeInput(data);
      const files = Array.isArray(ctx.request.files) ? ctx.request.files : [];
      const product = await addProduct(ctx.em, ctx.events, store, data, files);
      ctx.status = 201;
      ctx.body = {
        success: true,
        message: 'Product Added',
        product: presentProduct(product, ctx.publicUrl),
      } satisfies ProductSavedAnswer;
    },
  );

  router.post('/stock', async (ctx) => {
    await requireSession(ctx, 'seller');
    const { id, inStock } = stockBodySchema.parse(ctx.request.body);
    const product = await setStock(ctx.em, ctx.events, id, inStock);
    ctx.body = {
      success: true,
      message: 'Stock Updated',
      product: presentProduct(product, ctx.publicUrl),
    } satisfies ProductSavedAnswer;
  });

  return router;
}
