import {
  archiveProductBodySchema,
  bulkStockBodySchema,
  dayIn,
  IMPORT_LIMITS,
  importModeSchema,
  MAX_PRODUCT_IMAGES,
  productDataFieldSchema,
  productItemsQuerySchema,
  productSearchQuerySchema,
  productUpdateFieldSchema,
  sellerProductListQuerySchema,
  stockBodySchema,
  type BulkStockAnswer,
  type ImportAnswer,
  type MessageAnswer,
  type SearchNamesAnswer,
  removeSearchNameBodySchema,
  searchNameBodySchema,
  type SearchNameSavedAnswer,
  type ProductSavedAnswer,
} from '@kirana/shared';
import Router from '@koa/router';
import { requireSession } from '../session/auth.js';
import { AppError } from '../../lib/errors.js';
import type { AppContext, AppState } from '../../lib/context.js';
import type { AddressLimit } from '../../lib/rate-limit.js';
import { answerEncoded, answerPrecompressed } from '../../lib/precompressed.js';
import { assertSafeInput } from '../../lib/text-input.js';
import type { ImageStore } from '../upload/image-store.js';
import { readShop } from '../shop/shop.service.js';
import { filesUpload, sellerImageUpload } from '../upload/upload.js';
import { exportCatalogue } from './catalogue-export.js';
import { importCatalogue } from './catalogue-import.js';
import { presentProduct, presentSearchName } from './product.presenter.js';
import { itemsAnswer, pageAnswer, searchAnswer } from './product-answers.js';
import { addSearchName, listSearchNames, removeSearchName } from './search-names.js';
import { sellerProducts } from './product-search.js';
import {
  addProduct,
  archiveProduct,
  setStock,
  setStocks,
  updateProduct,
} from './product.service.js';

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

/**
 * The seller's changes to the catalogue, and the reads beside the catalogue; `searchLimit`
 * counts searches by text per address.
 */
export function productRoutes(
  store: ImageStore,
  searchLimit: AddressLimit,
): Router<AppState, AppContext> {
  const router = new Router<AppState, AppContext>({ prefix: '/api/product' });

  const upload = sellerImageUpload('images', MAX_PRODUCT_IMAGES);

  router.post('/add', ...upload.middleware, async (ctx) => {
    const data = productDataFieldSchema.parse(upload.field(ctx, 'productData'));
    assertSafeInput(data);
    const product = await addProduct(ctx.em, ctx.events, store, data, upload.files(ctx));
    ctx.status = 201;
    ctx.body = {
      success: true,
      message: 'Product Added',
      product: presentProduct(product, ctx.publicUrl),
    } satisfies ProductSavedAnswer;
  });

  // Multipart like add: `productData` with the id and what changes, new pictures as `images`.
  router.post('/update', ...upload.middleware, async (ctx) => {
    const data = productUpdateFieldSchema.parse(upload.field(ctx, 'productData'));
    assertSafeInput(data);
    const product = await updateProduct(ctx.em, ctx.events, store, data, upload.files(ctx));
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

  router.get('/search', async (ctx) => {
    const query = productSearchQuerySchema.parse(ctx.query);
    const answer = () => searchAnswer(ctx, query);
    // A text costs a typo match in the database, new for each new text; a listing reads the
    // catalogue's order, which the storefront's every page asks, so only texts are counted.
    await answerEncoded(ctx, query.q ? await searchLimit.guard(ctx, answer) : await answer());
  });

  router.get('/items', async (ctx) => {
    ctx.body = await itemsAnswer(ctx, productItemsQuerySchema.parse(ctx.query).ids);
  });

  router.get('/seller/list', async (ctx) => {
    await requireSession(ctx, 'seller');
    const query = sellerProductListQuerySchema.parse(ctx.query);
    ctx.body = pageAnswer(ctx, await sellerProducts(ctx.em, query));
  });

  router.post('/stock/bulk', async (ctx) => {
    await requireSession(ctx, 'seller');
    const { changes } = bulkStockBodySchema.parse(ctx.request.body);
    const products = await setStocks(ctx.em, ctx.events, changes);
    ctx.body = {
      success: true,
      message: 'Stock Updated',
      products: products.map((product) => presentProduct(product, ctx.publicUrl)),
    } satisfies BulkStockAnswer;
  });

  const importUpload = filesUpload(['file', 'images'], IMPORT_LIMITS.zipBytes);
  router.post(
    '/import',
    async (ctx, next) => {
      await requireSession(ctx, 'seller');
      await next();
    },
    importUpload,
    async (ctx) => {
      const files = (ctx.request.files ?? {}) as unknown as Partial<
        Record<'file' | 'images', { buffer: Buffer }[]>
      >;
      const csv = files.file?.[0]?.buffer;
      if (!csv) throw new AppError('INVALID', 'file is required: the CSV of products');
      const mode = importModeSchema.parse((ctx.request.body as { mode?: unknown }).mode);
      const result = await importCatalogue(
        ctx.em,
        ctx.events,
        store,
        { csv, zip: files.images?.[0]?.buffer },
        mode,
      );
      const failed = mode === 'apply' && result.errors.length > 0;
      ctx.status = failed ? 400 : 200;
      ctx.body = {
        success: !failed,
        ...(failed && {
          message: `${result.errors.length} ${result.errors.length === 1 ? 'error' : 'errors'} in the file: nothing was imported`,
          code: 'INVALID',
        }),
        mode,
        ...result,
      } satisfies ImportAnswer;
    },
  );

  router.get('/export', async (ctx) => {
    await requireSession(ctx, 'seller');
    // Named by the shop's day, not UTC's: before 05:30 in India that is still yesterday.
    const day = dayIn(new Date(), (await readShop(ctx.em)).timeZone);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.attachment(`products-${day}.csv`);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await exportCatalogue(ctx.em, ctx.publicUrl);
  });

  // The seller's own Indian names of groceries, beside the shipped list.
  router.get('/search-names', async (ctx) => {
    await requireSession(ctx, 'seller');
    ctx.body = {
      success: true,
      names: (await listSearchNames(ctx.em)).map(presentSearchName),
    } satisfies SearchNamesAnswer;
  });

  router.post('/search-names', async (ctx) => {
    await requireSession(ctx, 'seller');
    const body = searchNameBodySchema.parse(ctx.request.body);
    assertSafeInput(body);
    const name = await addSearchName(ctx.em, ctx.events, body);
    ctx.status = 201;
    ctx.body = {
      success: true,
      message: 'Search name added',
      name: presentSearchName(name),
    } satisfies SearchNameSavedAnswer;
  });

  router.post('/search-names/remove', async (ctx) => {
    await requireSession(ctx, 'seller');
    const { id } = removeSearchNameBodySchema.parse(ctx.request.body);
    await removeSearchName(ctx.em, ctx.events, id);
    ctx.body = { success: true, message: 'Search name removed' } satisfies MessageAnswer;
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
