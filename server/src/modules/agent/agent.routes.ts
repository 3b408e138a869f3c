import {
  acceptOrderBodySchema,
  agentCreateBodySchema,
  agentPaymentOrderBodySchema,
  paymentVerifyBodySchema,
  type AgentPaymentVerifyAnswer,
  type OnlineOrderAnswer,
  agentLoginBodySchema,
  idField,
  MESSAGES,
  orderStatusBodySchema,
  type AgentAuthAnswer,
  type AgentCreateAnswer,
  type AgentListAnswer,
  type AgentMessageAnswer,
  type AgentOrderAnswer,
  type AgentOrdersAnswer,
} from '@kirana/shared';
import Router from '@koa/router';
import type { ParameterizedContext } from 'koa';
import { requireSession, signIn, signOut } from '../../lib/auth.js';
import type { AppContext, AppState } from '../../lib/context.js';
import type { LoginThrottle } from '../../lib/rate-limit.js';
import {
  acceptOrder,
  changeOrderStatus,
  markOrderPaidInCash,
} from '../order/order-state.service.js';
import { presentOrder } from '../order/order.presenter.js';
import { openCollection, verifyCheckout, type PaymentDeps } from '../payment/payment.service.js';
import { listAgentOrders } from '../order/order.service.js';
import { presentAgent } from './agent.presenter.js';
import {
  agentStatus,
  authenticateAgent,
  createAgent,
  getAgent,
  listAgents,
  removeAgent,
} from './agent.service.js';

type Ctx = ParameterizedContext<AppState, AppContext>;

/** The signed-in agent's id, checking they have not been removed since. */
async function requireAgent(ctx: Ctx): Promise<string> {
  return (await getAgent(ctx.em, await requireSession(ctx, 'agent'))).id;
}

export function agentRoutes(
  loginThrottle: LoginThrottle,
  payments: PaymentDeps,
): Router<AppState, AppContext> {
  const router = new Router<AppState, AppContext>({ prefix: '/api/agents' });

  // The seller's management of the delivery team.
  router.get('/', async (ctx) => {
    await requireSession(ctx, 'seller');
    const agents = await listAgents(ctx.em);
    ctx.body = {
      success: true,
      agents: agents.map(({ agent, status }) => presentAgent(agent, status)),
    } satisfies AgentListAnswer;
  });

  router.post('/create', async (ctx) => {
    await requireSession(ctx, 'seller');
    const agent = await createAgent(
      ctx.em,
      ctx.events,
      agentCreateBodySchema.parse(ctx.request.body),
    );
    ctx.status = 201;
    ctx.body = {
      success: true,
      message: MESSAGES.agentAdded,
      agent: presentAgent(agent, 'Available'),
    } satisfies AgentCreateAnswer;
  });

  // The agents' own phone app.
  router.post('/login', async (ctx) => {
    const body = agentLoginBodySchema.parse(ctx.request.body);
    const agent = await loginThrottle.guard(ctx, () => authenticateAgent(ctx.em, body));
    await signIn(ctx, 'agent', agent.id);
    const status = await agentStatus(ctx.em, agent.id);
    ctx.body = { success: true, agent: presentAgent(agent, status) } satisfies AgentAuthAnswer;
  });

  router.get('/is-auth', async (ctx) => {
    const agent = await getAgent(ctx.em, await requireSession(ctx, 'agent'));
    const status = await agentStatus(ctx.em, agent.id);
    ctx.body = { success: true, agent: presentAgent(agent, status) } satisfies AgentAuthAnswer;
  });

  router.get('/logout', async (ctx) => {
    await signOut(ctx, 'agent');
    ctx.body = { success: true, message: 'Logged Out' } satisfies AgentMessageAnswer;
  });

  router.get('/orders/visible', async (ctx) => {
    const orders = await listAgentOrders(ctx.em, await requireAgent(ctx));
    ctx.body = { success: true, orders: orders.map(presentOrder) } satisfies AgentOrdersAnswer;
  });

  router.post('/accept', async (ctx) => {
    const agentId = await requireAgent(ctx);
    const { orderId } = acceptOrderBodySchema.parse(ctx.request.body);
    const order = await acceptOrder(ctx.em, ctx.events, agentId, orderId);
    ctx.body = {
      success: true,
      message: MESSAGES.orderAccepted,
      order: presentOrder(order),
    } satisfies AgentOrderAnswer;
  });

  router.put('/status/:orderId', async (ctx) => {
    const agentId = await requireAgent(ctx);
    const orderId = idField('orderId').parse(ctx.params.orderId);
    const { status } = orderStatusBodySchema.parse(ctx.request.body);
    const order = await changeOrderStatus(ctx.em, ctx.events, agentId, orderId, status);
    ctx.body = {
      success: true,
      message: MESSAGES.statusUpdated(status),
      order: presentOrder(order),
    } satisfies AgentOrderAnswer;
  });

  router.put('/mark-paid/:orderId', async (ctx) => {
    const agentId = await requireAgent(ctx);
    const orderId = idField('orderId').parse(ctx.params.orderId);
    const order = await markOrderPaidInCash(ctx.em, ctx.events, agentId, orderId);
    ctx.body = {
      success: true,
      message: MESSAGES.paidInCash,
      order: presentOrder(order),
    } satisfies AgentOrderAnswer;
  });

  // Collecting a cash-on-delivery order's amount online at the door, through Checkout.
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
    ctx.body = {
      success: true,
      message: MESSAGES.paymentSuccessful,
      order: presentOrder(order),
    } satisfies AgentPaymentVerifyAnswer;
  });

  // After the fixed paths, so that /login or /logout is never taken for an id.
  router.delete('/:id', async (ctx) => {
    await requireSession(ctx, 'seller');
    await removeAgent(ctx.em, ctx.events, idField('id').parse(ctx.params.id));
    ctx.body = { success: true, message: MESSAGES.agentRemoved } satisfies AgentMessageAnswer;
  });

  return router;
}
