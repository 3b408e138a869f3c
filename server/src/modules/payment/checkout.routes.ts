import {
  idField,
  MESSAGES,
  payOrderBodySchema,
  paymentVerifyBodySchema,
  placeOrderBodySchema,
  type OnlineOrderAnswer,
  type OrderPaymentsAnswer,
  type PaymentVerifyAnswer,
} from '@kirana/shared';
import Router from '@koa/router';
import { requireSession } from '../session/auth.js';
import type { AppContext, AppState } from '../../lib/context.js';
import { idempotencyKeyOf } from '../../lib/idempotency.js';
import { placementRequest } from '../order/order-idempotency.service.js';
import { presentOrderPayments } from './payment.presenter.js';
import {
  listOrderPayments,
  payAgain,
  placeOnlineOrder,
  verifyCheckout,
} from './payment.service.js';
import type { PaymentDeps } from './provider.js';

/**
 * The shopper pays online: the order first (unpaid, hidden from the shop), then the provider
 * order to pay it, paying again, and Checkout's answer; the seller reads an order's payments.
 */
export function checkoutRoutes(payments: PaymentDeps): Router<AppState, AppContext> {
  const router = new Router<AppState, AppContext>({ prefix: '/api/order' });

  // A repeated Idempotency-Key gets the first answer, status included.
  router.post('/razorpay', async (ctx) => {
    const userId = await requireSession(ctx, 'user');
    const key = idempotencyKeyOf(ctx);
    const body = placeOrderBodySchema.parse(ctx.request.body);
    const request = placementRequest(key, 'razorpay', body);
    const answer = await placeOnlineOrder(ctx.em, payments, userId, body, request, ctx.deliveryPin);
    ctx.status = answer.status;
    ctx.body = answer.body;
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

  router.get('/:id/payments', async (ctx) => {
    await requireSession(ctx, 'seller');
    const history = await listOrderPayments(ctx.em, idField('id').parse(ctx.params.id));
    ctx.body = presentOrderPayments(history) satisfies OrderPaymentsAnswer;
  });

  return router;
}
