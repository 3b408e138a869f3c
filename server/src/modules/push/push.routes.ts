import {
  pushSubscribeBodySchema,
  pushUnsubscribeBodySchema,
  type PushKeyAnswer,
  type PushSubscriptionAnswer,
} from '@kirana/shared';
import Router from '@koa/router';
import type { ParameterizedContext } from 'koa';
import { requireSession } from '../session/auth.js';
import type { AppContext, AppState } from '../../lib/context.js';
import { getAgent } from '../agent/agent.service.js';
import type { PushDeps } from './push-sender.js';
import { subscribeToAlerts, unsubscribeFromAlerts } from './push.service.js';

type Ctx = ParameterizedContext<AppState, AppContext>;

/** The signed-in agent's id, checking they have not been removed since. */
async function requireAgent(ctx: Ctx): Promise<string> {
  return (await getAgent(ctx.em, await requireSession(ctx, 'agent'))).id;
}

/** An agent's phone turns background alerts of new orders on and off (Web Push). */
export function pushRoutes({
  vapid,
  serviceHosts,
}: Pick<PushDeps, 'vapid' | 'serviceHosts'>): Router<AppState, AppContext> {
  const router = new Router<AppState, AppContext>({ prefix: '/api/agents/push' });

  // The phone subscribes with this key: only messages signed with its private half reach it.
  router.get('/key', async (ctx) => {
    await requireAgent(ctx);
    ctx.body = { success: true, publicKey: vapid.publicKey } satisfies PushKeyAnswer;
  });

  router.post('/subscribe', async (ctx) => {
    const agentId = await requireAgent(ctx);
    const body = pushSubscribeBodySchema.parse(ctx.request.body);
    await subscribeToAlerts(ctx.em, agentId, body, serviceHosts);
    ctx.body = { success: true } satisfies PushSubscriptionAnswer;
  });

  router.post('/unsubscribe', async (ctx) => {
    const agentId = await requireAgent(ctx);
    const { endpoint } = pushUnsubscribeBodySchema.parse(ctx.request.body);
    await unsubscribeFromAlerts(ctx.em, agentId, endpoint);
    ctx.body = { success: true } satisfies PushSubscriptionAnswer;
  });

  return router;
}
