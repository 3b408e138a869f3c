import { placeOrderBodySchema, type CodOrderAnswer, type UserOrdersAnswer } from '@kirana/shared';
import Router from '@koa/router';
import { requireSession } from '../../lib/auth.js';
import type { AppContext, AppState } from '../../lib/context.js';
import { presentOrder } from './order.presenter.js';
import { listUserOrders, placeCodOrder } from './order.service.js';

export function orderRoutes(): Router<AppState, AppContext> {
  const router = new Router<AppState, AppContext>({ prefix: '/api/order' });

  router.post('/cod', async (ctx) => {
    const userId = await requireSession(ctx, 'user');
    await placeCodOrder(ctx.em, userId, placeOrderBodySchema.parse(ctx.request.body));
    ctx.status = 201;
    ctx.body = { success: true, message: 'Order Placed Successfully' } satisfies CodOrderAnswer;
  });

  router.get('/user', async (ctx) => {
    const orders = await listUserOrders(ctx.em, await requireSession(ctx, 'user'));
    ctx.body = { success: true, orders: orders.map(presentOrder) } satisfies UserOrdersAnswer;
  });

  return router;
}
