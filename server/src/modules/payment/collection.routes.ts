import {
  agentPaymentOrderBodySchema,
  MESSAGES,
  paymentVerifyBodySchema,
  type AgentPaymentVerifyAnswer,
  type OnlineOrderAnswer,
} from '@kirana/shared';
import Router from '@koa/router';
import type { AppContext, AppState } from '../../lib/context.js';
import { requireAgent } from '../agent/require-agent.js';
import { agentOrderAnswer } from '../order/order.presenter.js';
import { openCollection, verifyCheckout } from './payment.service.js';
import type { PaymentDeps } from './provider.js';

/** The agent collects a cash-on-delivery order's amount online at the door, through Checkout. */
export function collectionRoutes(payments: PaymentDeps): Router<AppState, AppContext> {
  const router = new Router<AppState, AppContext>({ prefix: '/api/agents' });

  router.post('/order/razorpay', async (ctx) => {
    const agentId = await requireAgent(ctx);
    const { receipt, amount } = agentPaymentOrderBodySchema.parse(ctx.request.body);
    const providerOrder = await openCollection(ctx.em, payments, agentId, receipt, amount);
    ctx.body = {
      success: true,
      order: providerOrder,
      orderId: receipt,
    } satisfies OnlineOrderAnswer;
  });

  router.post('/order/verify', async (ctx) => {
    const agentId = await requireAgent(ctx);
    const body = paymentVerifyBodySchema.parse(ctx.request.body);
    const order = await verifyCheckout(ctx.em, payments, { role: 'agent', id: agentId }, body);
    ctx.body = agentOrderAnswer(
      MESSAGES.paymentSuccessful,
      order,
      ctx.publicUrl,
    ) satisfies AgentPaymentVerifyAnswer;
  });

  return router;
}
