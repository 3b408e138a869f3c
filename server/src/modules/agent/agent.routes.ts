import {
  agentCreateBodySchema,
  agentDutyBodySchema,
  type AgentDutyAnswer,
  agentLoginBodySchema,
  agentPairBodySchema,
  type AgentLoginBody,
  idField,
  MESSAGES,
  type AgentAuthAnswer,
  type AgentCreateAnswer,
  type AgentInviteAnswer,
  type AgentPairAnswer,
  type AgentListAnswer,
  type AgentMessageAnswer,
} from '@kirana/shared';
import Router, { type RouterMiddleware } from '@koa/router';
import type { ParameterizedContext } from 'koa';
import type { AgentLogin } from './agent-login.js';
import { requireSession, signIn, signOut } from '../session/auth.js';
import type { AppContext, AppState } from '../../lib/context.js';
import { cookieOptions } from '../../lib/cookies.js';
import { refuseCrossSite } from '../../lib/cross-site.js';
import type { LoginThrottle } from '../../lib/rate-limit.js';
import {
  inviteAgent,
  isLiveDevice,
  pairDevice,
  recordDeviceUse,
  signInOnDevice,
} from './agent-device.service.js';
import type { AgentHooks } from './agent-hooks.js';
import type { Agent } from './agent.entity.js';
import { presentAgent } from './agent.presenter.js';
import {
  agentStanding,
  authenticateAgent,
  createAgent,
  getAgent,
  listAgents,
  removeAgent,
  setDuty,
} from './agent.service.js';

type Ctx = ParameterizedContext<AppState, AppContext>;

/**
 * A paired phone's credential: signed, httpOnly, and sent only to the agents' API. Each sign-in
 * renews it, so a phone in use stays paired until the shop re-invites or removes the agent, or
 * it goes unused for 90 days (DEVICE_IDLE_LIMIT_MS, checked on the server).
 */
const DEVICE_COOKIE = 'kirana_agent_device';
const DEVICE_COOKIE_PATH = '/api/agents';
const DEVICE_COOKIE_MS = 365 * 24 * 60 * 60 * 1000;

function setDeviceCookie(ctx: Ctx, credential: string): void {
  ctx.cookies.set(DEVICE_COOKIE, credential, {
    ...cookieOptions(ctx),
    signed: true,
    path: DEVICE_COOKIE_PATH,
    expires: new Date(Date.now() + DEVICE_COOKIE_MS),
  });
}

export interface AgentRoutesOptions {
  loginThrottle: LoginThrottle;
  /** Counts refused invite codes per address, as logins count refused passwords. */
  pairThrottle: LoginThrottle;
  agentLogin: AgentLogin;
  hooks: AgentHooks;
}

export function agentRoutes({
  loginThrottle,
  pairThrottle,
  agentLogin,
  hooks,
}: AgentRoutesOptions): Router<AppState, AppContext> {
  const router = new Router<AppState, AppContext>({ prefix: '/api/agents' });

  // AGENT_LOGIN=phone: the spec's login, the phone number alone.
  async function signInByPhone(ctx: Ctx, body: AgentLoginBody): Promise<Agent> {
    const agent = await loginThrottle.guard(ctx, () => authenticateAgent(ctx.em, body), body.phone);
    await signIn(ctx, 'agent', agent.id);
    return agent;
  }

  // AGENT_LOGIN=paired: the phone number, on a phone the shop paired with this agent.
  async function signInPaired(ctx: Ctx, { phone }: AgentLoginBody): Promise<Agent> {
    const credential = ctx.cookies.get(DEVICE_COOKIE, { signed: true });
    // Without a live device the number is no credential: counting those refusals against the
    // agent's number would let anyone who knows it (or kept a revoked phone's cookie) lock the
    // agent out. They still count against the address.
    const live = credential !== undefined && (await isLiveDevice(ctx.em, credential));
    const agent = await loginThrottle.guard(
      ctx,
      () =>
        signInOnDevice(ctx.em, hooks, { phone, credential }, (paired) =>
          signIn(ctx, 'agent', paired.id),
        ),
      live ? phone : undefined,
    );
    if (credential) setDeviceCookie(ctx, credential);
    return agent;
  }

  // The seller's management of the delivery team.
  router.get('/', async (ctx) => {
    await requireSession(ctx, 'seller');
    const agents = await listAgents(ctx.em, hooks);
    ctx.body = {
      success: true,
      agents: agents.map(({ agent, standing }) => presentAgent(agent, standing, agentLogin)),
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
      agent: presentAgent(
        agent,
        { status: 'Available', cashInHandPaise: 0, paired: false },
        agentLogin,
      ),
    } satisfies AgentCreateAnswer;
  });

  // The agents' own phone app.
  router.post('/pair', async (ctx) => {
    const { code } = agentPairBodySchema.parse(ctx.request.body);
    const { agent, credential } = await pairThrottle.guard(ctx, () =>
      pairDevice(ctx.em, ctx.events, code),
    );
    setDeviceCookie(ctx, credential);
    ctx.body = {
      success: true,
      message: MESSAGES.phonePaired,
      agent: { name: agent.name, phone: agent.phone },
    } satisfies AgentPairAnswer;
  });

  router.post('/login', async (ctx) => {
    const body = agentLoginBodySchema.parse(ctx.request.body);
    const agent =
      agentLogin === 'phone' ? await signInByPhone(ctx, body) : await signInPaired(ctx, body);
    const standing = await agentStanding(ctx.em, hooks, agent.id);
    ctx.body = {
      success: true,
      agent: presentAgent(agent, standing, agentLogin),
    } satisfies AgentAuthAnswer;
  });

  router.get('/is-auth', async (ctx) => {
    const agent = await getAgent(ctx.em, await requireSession(ctx, 'agent'));
    // The app asks at each start: the phone it runs on is in use, and stays paired.
    const credential = ctx.cookies.get(DEVICE_COOKIE, { signed: true });
    if (agentLogin === 'paired' && credential) await recordDeviceUse(ctx.em, agent.id, credential);
    const standing = await agentStanding(ctx.em, hooks, agent.id);
    ctx.body = {
      success: true,
      agent: presentAgent(agent, standing, agentLogin),
    } satisfies AgentAuthAnswer;
  });

  router.put('/duty', async (ctx) => {
    const agentId = await requireSession(ctx, 'agent');
    const { onDuty } = agentDutyBodySchema.parse(ctx.request.body);
    const agent = await setDuty(ctx.em, ctx.events, agentId, onDuty);
    const standing = await agentStanding(ctx.em, hooks, agent.id);
    ctx.body = {
      success: true,
      message: onDuty ? MESSAGES.onDuty : MESSAGES.offDuty,
      agent: presentAgent(agent, standing, agentLogin),
    } satisfies AgentDutyAnswer;
  });

  const logout: RouterMiddleware<AppState, AppContext> = async (ctx) => {
    await signOut(ctx, 'agent');
    ctx.body = { success: true, message: 'Logged Out' } satisfies AgentMessageAnswer;
  };
  // The spec's GET stays, but no link on another site may sign anyone out.
  router.get('/logout', refuseCrossSite, logout);
  router.post('/logout', logout);

  // After the fixed paths, so that /login or /logout is never taken for an id.

  // A one-time link (and QR code) that pairs the agent's phone; it revokes every earlier one.
  router.post('/:id/invite', async (ctx) => {
    await requireSession(ctx, 'seller');
    const id = idField('id').parse(ctx.params.id);
    const { code, expiresAt } = await inviteAgent(ctx.em, ctx.events, hooks, id);
    // PUBLIC_URL, else the address the seller reached this server at (a phone on the shop's network
    // reaches that one).
    const url = new URL('/agents/join', ctx.publicUrl);
    url.searchParams.set('code', code);
    ctx.status = 201;
    ctx.body = {
      success: true,
      url: url.href,
      code,
      expiresAt: expiresAt.toISOString(),
    } satisfies AgentInviteAnswer;
  });

  router.delete('/:id', async (ctx) => {
    await requireSession(ctx, 'seller');
    await removeAgent(ctx.em, ctx.events, hooks, idField('id').parse(ctx.params.id));
    ctx.body = { success: true, message: MESSAGES.agentRemoved } satisfies AgentMessageAnswer;
  });

  return router;
}
