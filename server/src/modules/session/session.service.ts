import { hash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { SessionKind } from '../../lib/session-kinds.js';
import { SessionSchema, type Session } from './session.entity.js';

const DAY = 24 * 60 * 60 * 1000;

/** How long a session lasts without use; each use within it extends it again. */
export const SESSION_TTL: Record<SessionKind, number> = {
  user: 30 * DAY,
  seller: 7 * DAY,
  agent: 30 * DAY,
};

/** Sessions are extended at most this often, so reads do not turn into a write per request. */
export const TOUCH_EVERY = 60 * 60 * 1000;

/** What the table stores of a token; also names the token's live sockets' room. */
export const hashToken = (token: string) => hash('sha256', token, 'hex');

/** A new session for `subjectId`; returns the token for the cookie (only its hash is stored). */
export async function startSession(
  em: EntityManager,
  kind: SessionKind,
  subjectId: string,
): Promise<{ token: string; expiresAt: Date }> {
  const now = new Date();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_TTL[kind]);
  em.create(SessionSchema, {
    tokenHash: hashToken(token),
    kind,
    subjectId,
    expiresAt,
    lastSeenAt: now,
  });
  await em.flush();
  // Sign-ins are rare enough to sweep expired sessions here instead of in a timer.
  await em.nativeDelete(SessionSchema, { expiresAt: { $lt: now } });
  return { token, expiresAt };
}

/** The live session of `kind` for `token`, extended on use; null when unknown, revoked or expired. */
export async function findSession(
  em: EntityManager,
  kind: SessionKind,
  token: string,
): Promise<Session | null> {
  const now = new Date();
  const session = await em.findOne(SessionSchema, {
    tokenHash: hashToken(token),
    kind,
    expiresAt: { $gt: now },
  });
  if (session && now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY) {
    session.lastSeenAt = now;
    session.expiresAt = new Date(now.getTime() + SESSION_TTL[kind]);
    await em.flush();
  }
  return session;
}

/** When the session stored as `tokenHash` expires, without extending it; null once it has ended. */
export async function sessionExpiry(em: EntityManager, tokenHash: string): Promise<Date | null> {
  const session = await em.findOne(
    SessionSchema,
    { tokenHash, expiresAt: { $gt: new Date() } },
    { fields: ['expiresAt'] },
  );
  return session?.expiresAt ?? null;
}

export async function endSession(em: EntityManager, token: string): Promise<void> {
  await em.nativeDelete(SessionSchema, { tokenHash: hashToken(token) });
}

/** Revokes every session of one account, e.g. a removed agent's. */
export async function endSessionsOf(
  em: EntityManager,
  kind: SessionKind,
  subjectId: string,
): Promise<void> {
  await em.nativeDelete(SessionSchema, { kind, subjectId });
}
