import {
  archiveProductBodySchema,
  MAX_PRODUCT_IMAGES,
  productDataFieldSchema,
  productUpdateFieldSchema,
  stockBodySchema,
  type ProductSavedAnswer,
} from '@kirana/shared';
import Router from '@koa/router';
import type { Next } from 'koa';
import { requireSession } from '../../lib/auth.js';
import type { AppContext, AppState } from '../../lib/context.js';
import { answerPrecompressed } from '../../lib/precompressed.js';
import { assertSafeInput } from '../../lib/text-input.js';
import type { ImageStore, RequestContext } from '../upload/image-store.js';
import { imageUpload } from '../upload/upload.js';
import { presentProduct } from './product.presenter.js';
import { addProduct, archiveProduct, setStock, updateProduct } from './product.service.js';

/**
 * The catalogue (`GET /api/product/list`): the snapshot's bytes as they are (a
 * ProductListAnswer), or 304 when the client has them. The busiest call, and it reads no body:
 * the app mounts it ahead of the body parsers.
 */
export function catalogueRoutes(): Router<AppState, AppContext> {
  const router = new Router<AppState, AppContext>({ prefix: '/api/product' });
  router.get('/list', async (ctx) => {
    const snapshot = await ctx.catalogue.snapshot(ctx.publicUrl);
    answerPrecompressed(
      ctx,
      { identity: snapshot.json, gzip: snapshot.gzip, br: snapshot.brotli },
      { etag: snapshot.etag, type: 'application/json; charset=utf-8' },
    );
  });
  return router;
}

/** The seller's changes to the catalogue. */
export function productRoutes(store: ImageStore): Router<AppState, AppContext> {
  const router = new Router<AppState, AppContext>({ prefix: '/api/product' });

  // Only the seller's uploads are read at all.
  const sellerUploads = [
    async (ctx: RequestContext, next: Next) => {
      await requireSession(ctx, 'seller');
      await next();
    },
    imageUpload('images', MAX_PRODUCT_IMAGES),
  ];
  const uploadedFiles = (ctx: RequestContext) =>
    Array.isArray(ctx.request.files) ? ctx.request.files : [];
  const productDataOf = (ctx: RequestContext) =>
    (ctx.request.body as { productData?: unknown } | undefined)?.productData;

  router.post('/add', ...sellerUploads, async (ctx) => {
    const data = productDataFieldSchema.parse(productDataOf(ctx));
    assertSafeInput(data);
    const product = await addProduct(ctx.em, ctx.events, store, data, uploadedFiles(ctx));
    ctx.status = 201;
    ctx.body = {
      success: true,
      message: 'Product Added',
      product: presentProduct(product, ctx.publicUrl),
    } satisfies ProductSavedAnswer;
  });

  // Multipart like add: `productData` with the id and what changes, new pictures as `images`.
  router.post('/update', ...sellerUploads, async (ctx) => {
    const data = productUpdateFieldSchema.parse(productDataOf(ctx));
    assertSafeInput(data);
    const product = await updateProduct(ctx.em, ctx.events, store, data, uploadedFiles(ctx));
    ctx.body = {
      success: true,
      message: 'Product Updated',
      product: presentProduct(product, ctx.publicUrl),
    } satisfies ProductSavedAnswer;
  });

  router.post('/archive', async (ctx) => {
    await requireSession(ctx, 'seller');
    const { id } = archiveProductBodySchema.parse(ctx.request.body);
    const product = await archiveProduct(ctx.em, ctx.events, id);
    ctx.body = {
      success: true,
      message: 'Product Archived',
      product: presentProduct(product, ctx.publicUrl),
    } satisfies ProductSavedAnswer;
  });

  router.post('/stock', async (ctx) => {
    await requireSession(ctx, 'seller');
    const product = await setStock(ctx.em, ctx.events, stockBodySchema.parse(ctx.request.body));
    ctx.body = {
      success: true,
      message: 'Stock Updated',
      product: presentProduct(product, ctx.publicUrl),
    } satisfies ProductSavedAnswer;
  });

  return router;
}
