import {
  idField,
  placeOrderBodySchema,
  sellerOrdersQuerySchema,
  type CodOrderAnswer,
  type OrderHistoryAnswer,
  type SellerOrdersAnswer,
  type UserOrdersAnswer,
} from '@kirana/shared';
import Router from '@koa/router';
import { requireSession } from '../../lib/auth.js';
import type { AppContext, AppState } from '../../lib/context.js';
import { presentOrder, presentSellerOrder } from './order.presenter.js';
import {
  listOrderHistory,
  listSellerOrders,
  listUserOrders,
  placeCodOrder,
} from './order.service.js';

export function orderRoutes(): Router<AppState, AppContext> {
  const router = new Router<AppState, AppContext>({ prefix: '/api/order' });

  router.post('/cod', async (ctx) => {
    const userId = await requireSession(ctx, 'user');
    await placeCodOrder(ctx.em, ctx.events, userId, placeOrderBodySchema.parse(ctx.request.body));
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

  router.get('/:id/history', async (ctx) => {
    await requireSession(ctx, 'seller');
    const events = await listOrderHistory(ctx.em, idField('id').parse(ctx.params.id));
    ctx.body = { success: true, events } satisfies OrderHistoryAnswer;
  });

  return router;
}
