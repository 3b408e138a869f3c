import { cartUpdateBodySchema, MESSAGES, type CartUpdateAnswer } from '@kirana/shared';
import Router from '@koa/router';
import { requireSession } from '../session/auth.js';
import type { AppContext, AppState } from '../../lib/context.js';
import { getUser } from '../user/user.service.js';
import { saveCart } from './cart.service.js';

export function cartRoutes(): Router<AppState, AppContext> {
  const router = new Router<AppState, AppContext>({ prefix: '/api/cart' });

  // `userId` in the body is ignored: the cart saved is always the signed-in shopper's.
  router.post('/update', async (ctx) => {
    const user = await getUser(ctx.em, await requireSession(ctx, 'user'));
    const { cartItems } = cartUpdateBodySchema.parse(ctx.request.body);
    await saveCart(ctx.em, user, cartItems);
    ctx.body = { success: true, message: MESSAGES.cartUpdated } satisfies CartUpdateAnswer;
  });

  return router;
}
