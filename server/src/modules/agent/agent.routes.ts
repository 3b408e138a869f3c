import {
  agentCreateBodySchema,
  idField,
  MESSAGES,
  type AgentCreateAnswer,
  type AgentListAnswer,
  type AgentMessageAnswer,
} from '@kirana/shared';
import Router from '@koa/router';
import { requireSession } from '../../lib/auth.js';
import type { AppContext, AppState } from '../../lib/context.js';
import { presentAgent } from './agent.presenter.js';
import { createAgent, listAgents, removeAgent } from './agent.service.js';

export function agentRoutes(): Router<AppState, AppContext> {
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
    const agent = await createAgent(ctx.em, agentCreateBodySchema.parse(ctx.request.body));
    ctx.status = 201;
    ctx.body = {
      success: true,
      message: MESSAGES.agentAdded,
      agent: presentAgent(agent, 'Available'),
    } satisfies AgentCreateAnswer;
  });

  router.delete('/:id', async (ctx) => {
    await requireSession(ctx, 'seller');
    await removeAgent(ctx.em, idField('id').parse(ctx.params.id));
    ctx.body = { success: true, message: MESSAGES.agentRemoved } satisfies AgentMessageAnswer;
  });

  return router;
}
