import {
  categoryDataFieldSchema,
  categoryUpdateFieldSchema,
  type CategoryListAnswer,
  type CategorySavedAnswer,
} from '@kirana/shared';
import Router from '@koa/router';
import { optionalSession } from '../session/auth.js';
import type { AppContext, AppState } from '../../lib/context.js';
import { assertSafeInput } from '../../lib/text-input.js';
import type { ImageStore, RequestContext } from '../upload/image-store.js';
import { sellerImageUpload } from '../upload/upload.js';
import { presentCategory } from './category.presenter.js';
import { addCategory, listCategories, updateCategory } from './category.service.js';

/** The shop's categories: everyone reads them; the seller adds and changes them. */
export function categoryRoutes(store: ImageStore): Router<AppState, AppContext> {
  const router = new Router<AppState, AppContext>({ prefix: '/api/category' });

  // Shoppers see the shown categories; the seller (signed in) all of them, hidden ones too.
  router.get('/list', async (ctx) => {
    const seller = await optionalSession(ctx, 'seller');
    const categories = await listCategories(ctx.em, { shown: !seller });
    ctx.body = {
      success: true,
      categories: categories.map((category) => presentCategory(category, ctx.publicUrl)),
    } satisfies CategoryListAnswer;
  });

  const upload = sellerImageUpload('image', 1);
  const tileOf = (ctx: RequestContext) => upload.files(ctx)[0];

  router.post('/add', ...upload.middleware, async (ctx) => {
    const data = categoryDataFieldSchema.parse(upload.field(ctx, 'categoryData'));
    assertSafeInput(data);
    const category = await addCategory(ctx.em, ctx.events, store, data, tileOf(ctx));
    ctx.status = 201;
    ctx.body = {
      success: true,
      message: 'Category Added',
      category: presentCategory(category, ctx.publicUrl),
    } satisfies CategorySavedAnswer;
  });

  router.post('/update', ...upload.middleware, async (ctx) => {
    const data = categoryUpdateFieldSchema.parse(upload.field(ctx, 'categoryData'));
    assertSafeInput(data);
    const category = await updateCategory(ctx.em, ctx.events, store, data, tileOf(ctx));
    ctx.body = {
      success: true,
      message: 'Category Updated',
      category: presentCategory(category, ctx.publicUrl),
    } satisfies CategorySavedAnswer;
  });

  return router;
}
