import {
  acceptOrderBodySchema,
  idField,
  MESSAGES,
  orderStatusBodySchema,
  type AgentOrdersAnswer,
} from '@kirana/shared';
import Router from '@koa/router';
import type { AppContext, AppState } from '../../lib/context.js';
import { requireAgent } from '../agent/require-agent.js';
import { acceptOrder, changeOrderStatus, type StatusSteps } from './order-state.service.js';
import { agentOrderAnswer, presentOrder } from './order.presenter.js';
import { listAgentOrders } from './order-reads.js';

/**
 * The agent's phone app and its orders: what it sees, accepting one, moving it to the door (with
 * `steps` for the status it reaches: its invoice on Picked, a khata order's credit on delivery).
 */
export function agentOrderRoutes(
  steps: StatusSteps = { picked: [], delivered: [] },
): Router<AppState, AppContext> {
  const router = new Router<AppState, AppContext>({ prefix: '/api/agents' });

  router.get('/orders/visible', async (ctx) => {
    const orders = await listAgentOrders(ctx.em, await requireAgent(ctx));
    ctx.body = {
      success: true,
      orders: orders.map((order) => presentOrder(order, ctx.publicUrl)),
    } satisfies AgentOrdersAnswer;
  });

  router.post('/accept', async (ctx) => {
    const agentId = await requireAgent(ctx);
    const { orderId } = acceptOrderBodySchema.parse(ctx.request.body);
    const order = await acceptOrder(ctx.em, ctx.events, agentId, orderId);
    ctx.body = agentOrderAnswer(MESSAGES.orderAccepted, order, ctx.publicUrl);
  });

  router.put('/status/:orderId', async (ctx) => {
    const agentId = await requireAgent(ctx);
    const orderId = idField('orderId').parse(ctx.params.orderId);
    const { status, pin } = orderStatusBodySchema.parse(ctx.request.body);
    const order = await changeOrderStatus(ctx.em, ctx.events, agentId, orderId, status, pin, steps);
    ctx.body = agentOrderAnswer(MESSAGES.statusUpdated(status), order, ctx.publicUrl);
  });

  return router;
}
