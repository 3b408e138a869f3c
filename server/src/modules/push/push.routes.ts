import {
  pushSubscribeBodySchema,
  pushUnsubscribeBodySchema,
  userPushSubscribeBodySchema,
  type PushKeyAnswer,
  type PushSubscriptionAnswer,
} from '@kirana/shared';
import Router from '@koa/router';
import type { ParameterizedContext } from 'koa';
import { optionalSession, requireLiveSession, requireSession } from '../session/auth.js';
import type { AppContext, AppState } from '../../lib/context.js';
import { getAgent } from '../agent/agent.service.js';
import type { PushDeps } from './push-sender.js';
import { subscribeToAlerts, unsubscribeFromAlerts, type PushOwner } from './push.service.js';

type Ctx = ParameterizedContext<AppState, AppContext>;
type PushRouteDeps = Pick<PushDeps, 'vapid' | 'serviceHosts'>;

/** The signed-in agent, checking they have not been removed since. */
async function requireAgent(ctx: Ctx): Promise<PushOwner> {
  return {
    kind: 'agent',
    agentId: (await getAgent(ctx.em, await requireSession(ctx, 'agent'))).id,
  };
}

/** The signed-in shopper, in the session their browser's notifications last as long as. */
async function requireShopper(ctx: Ctx): Promise<PushOwner> {
  const session = await requireLiveSession(ctx, 'user');
  return { kind: 'user', userId: session.subjectId, sessionHash: session.tokenHash };
}

/** An agent's phone turns background alerts of new orders on and off (Web Push). */
export function pushRoutes({ vapid, serviceHosts }: PushRouteDeps): Router<AppState, AppContext> {
  const router = new Router<AppState, AppContext>({ prefix: '/api/agents/push' });

  // The browser subscribes with this key: only messages signed with its private half reach it.
  // Shoppers' browsers subscribe with the same key (the agents' machinery,
  // docs/push.md#shoppers-notifications).
  router.get('/key', async (ctx) => {
    if (!(await optionalSession(ctx, 'user'))) await requireAgent(ctx);
    ctx.body = { success: true, publicKey: vapid.publicKey } satisfies PushKeyAnswer;
  });

  router.post('/subscribe', async (ctx) => {
    const agent = await requireAgent(ctx);
    const body = pushSubscribeBodySchema.parse(ctx.request.body);
    await subscribeToAlerts(ctx.em, agent, body, serviceHosts);
    ctx.body = { success: true } satisfies PushSubscriptionAnswer;
  });

  router.post('/unsubscribe', async (ctx) => {
    const agent = await requireAgent(ctx);
    const { endpoint } = pushUnsubscribeBodySchema.parse(ctx.request.body);
    await unsubscribeFromAlerts(ctx.em, agent, endpoint);
    ctx.body = { success: true } satisfies PushSubscriptionAnswer;
  });

  return router;
}

/**
 * A shopper's browser turns notifications of their orders' changes on and off (Web Push): an
 * agent accepted the order, it is on its way, delivered, or cancelled.
 */
export function shopperPushRoutes({
  serviceHosts,
}: Pick<PushRouteDeps, 'serviceHosts'>): Router<AppState, AppContext> {
  const router = new Router<AppState, AppContext>({ prefix: '/api/user/push' });

  router.post('/subscribe', async (ctx) => {
    const shopper = await requireShopper(ctx);
    const body = userPushSubscribeBodySchema.parse(ctx.request.body);
    await subscribeToAlerts(ctx.em, shopper, body, serviceHosts);
    ctx.body = { success: true } satisfies PushSubscriptionAnswer;
  });

  router.post('/unsubscribe', async (ctx) => {
    const shopper = await requireShopper(ctx);
    const { endpoint } = pushUnsubscribeBodySchema.parse(ctx.request.body);
    await unsubscribeFromAlerts(ctx.em, shopper, endpoint);
    ctx.body = { success: true } satisfies PushSubscriptionAnswer;
  });

  return router;
}
