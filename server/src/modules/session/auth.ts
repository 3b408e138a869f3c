import { ServerResponse, type IncomingMessage } from 'node:http';
import Cookies from 'cookies';
import { SIGNED_IN_HINT_COOKIE } from '@kirana/shared';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ParameterizedContext } from 'koa';
import type { SessionKind } from '../../lib/session-kinds.js';
import type { SessionFacts } from './session-cache.js';
import { endSession, findSession, hashToken, startSession } from './session.service.js';
import type { AppContext, AppState } from '../../lib/context.js';
import { cookieOptions } from '../../lib/cookies.js';
import { AppError } from '../../lib/errors.js';

type Ctx = ParameterizedContext<AppState, AppContext>;

/** Three independent cookie sessions, so a seller can also shop in the same browser. */
export const SESSION_COOKIE: Record<SessionKind, string> = {
  user: 'kirana_user',
  seller: 'kirana_seller',
  agent: 'kirana_agent',
};

export const NOT_SIGNED_IN: Record<SessionKind, string> = {
  user: 'Please log in to continue',
  seller: 'Please log in as the seller',
  agent: 'Please login as agent',
};

function sessionToken(ctx: Ctx, kind: SessionKind): string | undefined {
  return ctx.cookies.get(SESSION_COOKIE[kind], { signed: true });
}

/**
 * Ends the session of `token`. This instance forgets it before answering, once its row is gone
 * (forgotten earlier, a read of the row made meanwhile could remember it again); the domain
 * event tells the other instances and ends its live sockets.
 */
async function end(ctx: Ctx, kind: SessionKind, token: string): Promise<void> {
  await endSession(ctx.em, token);
  const tokenHash = hashToken(token);
  ctx.sessions.forget(tokenHash);
  ctx.events.publish({ type: 'session.ended', kind, tokenHash });
}

/**
 * Signs `subjectId` in with a brand-new session (any earlier one of this browser is ended, so a
 * session id planted before login is worthless) and sets its cookie.
 */
export async function signIn(ctx: Ctx, kind: SessionKind, subjectId: string): Promise<void> {
  const previous = sessionToken(ctx, kind);
  if (previous) await end(ctx, kind, previous);
  const { token, expiresAt } = await startSession(ctx.em, kind, subjectId);
  ctx.cookies.set(SESSION_COOKIE[kind], token, {
    ...cookieOptions(ctx),
    signed: true,
    expires: expiresAt,
  });
  if (kind === 'user') setSignedInHint(ctx, expiresAt);
}

/**
 * The storefront's readable hint beside a shopper's session (`SIGNED_IN_HINT_COOKIE`): set
 * until `expiresAt`, or cleared with null. It says only that asking `is-auth` is worth it.
 */
function setSignedInHint(ctx: Ctx, expiresAt: Date | null): void {
  ctx.cookies.set(SIGNED_IN_HINT_COOKIE, expiresAt && '1', {
    ...cookieOptions(ctx),
    httpOnly: false,
    ...(expiresAt && { expires: expiresAt }),
  });
}

/**
 * Makes the hint tell the truth for a storefront page's visitor: set when a shopper's session
 * is live without it (a session from before the hint, or a hint the browser dropped), cleared
 * when there is no session cookie at all.
 */
export async function reconcileSignedInHint(ctx: Ctx): Promise<void> {
  const hinted = ctx.cookies.get(SIGNED_IN_HINT_COOKIE) !== undefined;
  const token = sessionToken(ctx, 'user');
  if (!token) {
    if (hinted) setSignedInHint(ctx, null);
    return;
  }
  if (hinted) return;
  const session = await ctx.sessions.find(() => ctx.em, 'user', token);
  if (session) setSignedInHint(ctx, session.expiresAt);
}

export async function signOut(ctx: Ctx, kind: SessionKind): Promise<void> {
  const token = sessionToken(ctx, kind);
  if (token) await end(ctx, kind, token);
  ctx.cookies.set(SESSION_COOKIE[kind], null, { ...cookieOptions(ctx), signed: true });
  if (kind === 'user') setSignedInHint(ctx, null);
}

/**
 * The id of the account signed in as `kind`.
 * @throws AppError UNAUTHENTICATED when there is no live session.
 */
export async function requireSession(ctx: Ctx, kind: SessionKind): Promise<string> {
  return (await requireLiveSession(ctx, kind)).subjectId;
}

/**
 * The live session signed in as `kind`: whose it is, and its token's hash (what the sessions
 * table keys it by).
 * @throws AppError UNAUTHENTICATED when there is none.
 */
export async function requireLiveSession(ctx: Ctx, kind: SessionKind): Promise<SessionFacts> {
  const token = sessionToken(ctx, kind);
  const session = token ? await ctx.sessions.find(() => ctx.em, kind, token) : null;
  if (!session) {
    // The storefront stops asking once its shopper's session has gone.
    if (kind === 'user' && ctx.cookies.get(SIGNED_IN_HINT_COOKIE)) setSignedInHint(ctx, null);
    throw new AppError('UNAUTHENTICATED', NOT_SIGNED_IN[kind]);
  }
  return session;
}

/** The id of the account signed in as `kind`, or null when there is no live session. */
export async function optionalSession(ctx: Ctx, kind: SessionKind): Promise<string | null> {
  const token = sessionToken(ctx, kind);
  const session = token ? await ctx.sessions.find(() => ctx.em, kind, token) : null;
  return session?.subjectId ?? null;
}

/** A live session as a socket holds it: whose it is, its room's key, and when it runs out. */
export interface SocketSession {
  subjectId: string;
  tokenHash: string;
  expiresAt: Date;
}

/**
 * The live session of `kind` whose signed cookie a Socket.IO handshake `request` carries (the
 * same cookie as over HTTP, checked with the app's `keys`), or null.
 */
export async function handshakeSession(
  em: EntityManager,
  request: IncomingMessage,
  keys: string[],
  kind: SessionKind,
): Promise<SocketSession | null> {
  // A detached response: reading a cookie with a bad signature tries to clear it.
  const cookies = new Cookies(request, new ServerResponse(request), { keys });
  const token = cookies.get(SESSION_COOKIE[kind], { signed: true });
  const session = token ? await findSession(em, kind, token) : null;
  return (
    session && {
      subjectId: session.subjectId,
      tokenHash: session.tokenHash,
      expiresAt: session.expiresAt,
    }
  );
}
