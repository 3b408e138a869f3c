import {
  idField,
  MESSAGES,
  payOrderBodySchema,
  paymentVerifyBodySchema,
  placeOrderBodySchema,
  type OnlineOrderAnswer,
  type OrderPaymentsAnswer,
  type PaymentVerifyAnswer,
  sellerOrdersQuerySchema,
  type CodOrderAnswer,
  type OrderHistoryAnswer,
  type SellerOrdersAnswer,
  type UserOrdersAnswer,
} from '@kirana/shared';
import Router from '@koa/router';
import { requireSession } from '../../lib/auth.js';
import type { AppContext, AppState } from '../../lib/context.js';
import { presentOrderPayments } from '../payment/payment.presenter.js';
import {
  listOrderPayments,
  payAgain,
  placeOnlineOrder,
  verifyCheckout,
  type PaymentDeps,
} from '../payment/payment.service.js';
import { presentOrder, presentSellerOrder } from './order.presenter.js';
import { listOrderHistory, listSellerOrders, listUserOrders, placeOrder } from './order.service.js';

export function orderRoutes(payments: PaymentDeps): Router<AppState, AppContext> {
  const router = new Router<AppState, AppContext>({ prefix: '/api/order' });

  router.post('/cod', async (ctx) => {
    const userId = await requireSession(ctx, 'user');
    const body = placeOrderBodySchema.parse(ctx.request.body);
    await placeOrder(ctx.em, ctx.events, userId, body, { type: 'COD' });
    ctx.status = 201;
    ctx.body = { success: true, message: 'Order Placed Successfully' } satisfies CodOrderAnswer;
  });

  // Online: the order first (unpaid, hidden from the shop), then the provider order to pay it.
  router.post('/razorpay', async (ctx) => {
    const userId = await requireSession(ctx, 'user');
    const body = placeOrderBodySchema.parse(ctx.request.body);
    const { order, providerOrder } = await placeOnlineOrder(ctx.em, payments, userId, body);
    ctx.status = 201;
    ctx.body = {
      success: true,
      order: providerOrder,
      orderId: order.id,
    } satisfies OnlineOrderAnswer;
  });

  router.post('/pay', async (ctx) => {
    const userId = await requireSession(ctx, 'user');
    const { orderId } = payOrderBodySchema.parse(ctx.request.body);
    const providerOrder = await payAgain(ctx.em, payments, userId, orderId);
    ctx.body = { success: true, order: providerOrder, orderId } satisfies OnlineOrderAnswer;
  });

  router.post('/verify', async (ctx) => {
    const userId = await requireSession(ctx, 'user');
    const body = paymentVerifyBodySchema.parse(ctx.request.body);
    await verifyCheckout(ctx.em, payments, { role: 'user', id: userId }, body);
    ctx.body = { success: true, message: MESSAGES.paymentSuccessful } satisfies PaymentVerifyAnswer;
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

  router.get('/:id/payments', async (ctx) => {
    await requireSession(ctx, 'seller');
    const history = await listOrderPayments(ctx.em, idField('id').parse(ctx.params.id));
    ctx.body = presentOrderPayments(history) satisfies OrderPaymentsAnswer;
  });

  return router;
}
