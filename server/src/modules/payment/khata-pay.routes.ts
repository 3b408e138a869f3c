import {
  MESSAGES,
  myKhataPayBodySchema,
  paymentVerifyBodySchema,
  type MyKhataPayAnswer,
  type PaymentVerifyAnswer,
} from '@kirana/shared';
import Router from '@koa/router';
import type { AppContext, AppState } from '../../lib/context.js';
import { requireSession } from '../session/auth.js';
import { openKhataPayment, verifyKhataPayment } from './khata-pay.js';
import type { PaymentDeps } from './provider.js';

/**
 * The shopper pays what their khata owes online: the provider order to open Checkout with, and
 * Checkout's answer (docs/payments.md#paying-the-khata-online).
 */
export function khataPayRoutes(payments: PaymentDeps): Router<AppState, AppContext> {
  const router = new Router<AppState, AppContext>({ prefix: '/api/khata/mine' });

  router.post('/pay', async (ctx) => {
    const userId = await requireSession(ctx, 'user');
    const { amount } = myKhataPayBodySchema.parse(ctx.request.body);
    const order = await openKhataPayment(ctx.em, payments, userId, amount);
    ctx.body = { success: true, order } satisfies MyKhataPayAnswer;
  });

  router.post('/pay/verify', async (ctx) => {
    const userId = await requireSession(ctx, 'user');
    const body = paymentVerifyBodySchema.parse(ctx.request.body);
    await verifyKhataPayment(ctx.em, payments, userId, body);
    ctx.body = { success: true, message: MESSAGES.paymentSuccessful } satisfies PaymentVerifyAnswer;
  });

  return router;
}
