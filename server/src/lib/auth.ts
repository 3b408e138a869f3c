import type { ParameterizedContext } from 'koa';
import type { SessionKind } from '../modules/session/session.entity.js';
import { endSession, findSession, startSession } from '../modules/session/session.service.js';
import type { AppContext, AppState } from './context.js';
import { AppError } from './errors.js';

type Ctx = ParameterizedContext<AppState, AppContext>;

/** Three independent cookie sessions, so a seller can also shop in the same browser. */
const COOKIE: Record<SessionKind, string> = {
  user: 'kirana_user',
  seller: 'kirana_seller',
  agent: 'kirana_agent',
};

const NOT_SIGNED_IN: Record<SessionKind, string> = {
  user: 'Please log in to continue',
  seller: 'Please log in as the seller',
  agent: 'Please login as agent',
};

function sessionToken(ctx: Ctx, kind: SessionKind): string | undefined {
  return ctx.cookies.get(COOKIE[kind], { signed: true });
}

/**
 * Signs `subjectId` in with a brand-new session (any earlier one of this browser is ended, so a
 * session id planted before login is worthless) and sets its cookie.
 */
export async function signIn(ctx: Ctx, kind: SessionKind, subjectId: string): Promise<void> {
  const previous = sessionToken(ctx, kind);
  if (previous) await endSession(ctx.em, previous);
  const { token, expiresAt } = await startSession(ctx.em, kind, subjectId);
  ctx.cookies.set(COOKIE[kind], token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.secure,
    signed: true,
    expires: expiresAt,
  });
}

export async function signOut(ctx: Ctx, kind: SessionKind): Promise<void> {
  const token = sessionToken(ctx, kind);
  if (token) await endSession(ctx.em, token);
  ctx.cookies.set(COOKIE[kind], null, { httpOnly: true, sameSite: 'lax', signed: true });
}

/**
 * The id of the account signed in as `kind`.
 * @throws AppError unauthenticated when there is no live session.
 */
export async function requireSession(ctx: Ctx, kind: SessionKind): Promise<string> {
  const token = sessionToken(ctx, kind);
  const session = token ? await findSession(ctx.em, kind, token) : null;
  if (!session) throw new AppError('unauthenticated', NOT_SIGNED_IN[kind]);
  return session.subjectId;
}
