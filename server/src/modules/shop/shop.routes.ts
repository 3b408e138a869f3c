import {
  serviceableQuerySchema,
  shopUpdateBodySchema,
  type ServiceableAnswer,
  type ShopAnswer,
  type ShopSavedAnswer,
} from '@kirana/shared';
import Router from '@koa/router';
import type { AppContext, AppState } from '../../lib/context.js';
import { assertSafeInput } from '../../lib/text-input.js';
import { optionalSession, requireSession } from '../session/auth.js';
import { presentShop } from './shop.presenter.js';
import { readShop, serviceability, updateShop } from './shop.service.js';

/**
 * The shop's settings (docs/promise.md#shop-settings): everyone reads them, the seller changes
 * them.
 */
export function shopRoutes(): Router<AppState, AppContext> {
  const router = new Router<AppState, AppContext>({ prefix: '/api/shop' });

  // Whether it is open turns with the clock: never from a cache.
  router.get('/', async (ctx) => {
    const seller = await optionalSession(ctx, 'seller');
    const shop = await readShop(ctx.em);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      success: true,
      shop: presentShop(shop),
      ...(seller && { zipcodes: shop.zipcodes }),
    } satisfies ShopAnswer;
  });

  router.put('/', async (ctx) => {
    await requireSession(ctx, 'seller');
    const body = shopUpdateBodySchema.parse(ctx.request.body);
    assertSafeInput(body);
    const shop = await updateShop(ctx.em, ctx.events, body);
    ctx.body = {
      success: true,
      message: 'Shop settings saved',
      shop: presentShop(shop),
      zipcodes: shop.zipcodes,
    } satisfies ShopSavedAnswer;
  });

  router.get('/serviceable', async (ctx) => {
    const { zipcode } = serviceableQuerySchema.parse(ctx.query);
    ctx.body = {
      success: true,
      ...serviceability(await readShop(ctx.em), zipcode),
    } satisfies ServiceableAnswer;
  });

  return router;
}
