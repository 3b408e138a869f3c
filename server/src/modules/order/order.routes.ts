import {
  placeOrderBodySchema,
  sellerOrdersQuerySchema,
  type CodOrderAnswer,
  type SellerOrdersAnswer,
  type UserOrdersAnswer,
} from '@kirana/shared';
import Router from '@koa/router';
import { requireSession } from '../../lib/auth.js';
import type { AppContext, AppState } from '../../lib/context.js';
import { presentOrder, presentSellerOrder } from './order.presenter.js';
import { listSellerOrders, listUserOrders, placeCodOrder } from './order.service.js';

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

  router.get('/seller', async (ctx) => {
    await requireSession(ctx, 'seller');
    const query = sellerOrdersQuerySchema.parse(ctx.query);
    const { orders, hasMore } = await listSellerOrders(ctx.em, query);
    ctx.body = {
      success: true,
      orders: orders.map(presentSellerOrder),
      page: query.page,
      hasMore,
    } satisfies SellerOrdersAnswer;
  });

  return router;
}
