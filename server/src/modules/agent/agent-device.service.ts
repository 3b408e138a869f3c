import { randomBytes } from 'node:crypto';
import { MESSAGES } from '@kirana/shared';
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import type { DomainEvents } from '../../lib/domain-events.js';
import { AppError } from '../../lib/errors.js';
import { endSessionsOf, hashToken } from '../session/session.service.js';
import { AgentDeviceSchema, AgentInviteSchema, type AgentInvite } from './agent-device.entity.js';
import type { AgentHooks } from './agent-hooks.js';
import { AgentSchema, type Agent } from './agent.entity.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long an invite link pairs a phone. */
const INVITE_TTL_MS = DAY_MS;

/**
 * A paired phone unused this long is unpaired: its sign-in is refused and the pairing revoked,
 * so a copied device cookie does not work for ever. Use is a sign-in, or the app opening on a
 * live session ({@link recordDeviceUse}).
 */
export const DEVICE_IDLE_LIMIT_MS = 90 * DAY_MS;

/** A device's use is written down at most this often (the app checks its session at each start). */
const DEVICE_USE_EVERY_MS = 60 * 60 * 1000;

/** Devices last used before this are no longer paired. */
const idleSince = (now: Date) => new Date(now.getTime() - DEVICE_IDLE_LIMIT_MS);

/** 18 random bytes: 144 bits, 24 base64url characters (shared AGENT_INVITE_CODE), short for a QR. */
const newInviteCode = () => randomBytes(18).toString('base64url');
const newDeviceCredential = () => randomBytes(32).toString('base64url');

/*
 * Lock order, everywhere an agent's access changes: the agent's row, then its invites, then its
 * devices. Inviting and removal write-lock the agent; pairing share-locks it and signing in locks
 * only the device, so a revocation and a pairing or sign-in racing it never wait in a cycle.
 */

/**
 * Revokes the agent's unused invites and paired devices, and (`hooks.phonesRevoked`) their
 * phones' push subscriptions; not their sessions: the caller ends those. Call inside a
 * transaction; it write-locks the agent's row first, in the lock order.
 */
export async function revokeAgentDevices(
  em: EntityManager,
  hooks: Pick<AgentHooks, 'phonesRevoked'>,
  agentId: string,
): Promise<void> {
  await em.findOne(AgentSchema, { id: agentId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  const now = new Date();
  await em.nativeUpdate(
    AgentInviteSchema,
    { agent: agentId, usedAt: null, revokedAt: null },
    { revokedAt: now },
  );
  await em.nativeUpdate(AgentDeviceSchema, { agent: agentId, revokedAt: null }, { revokedAt: now });
  // A lost phone must not go on hearing of the shop's orders.
  await hooks.phonesRevoked(em, agentId);
}

/**
 * A new one-time invite for the agent, valid for {@link INVITE_TTL_MS}. It replaces everything
 * before it: earlier unused invites and paired phones are revoked and the agent's sessions (and
 * live sockets) end, so only the phone that opens this invite signs in from now on.
 * @throws AppError NOT_FOUND for an unknown or removed agent.
 */
export async function inviteAgent(
  em: EntityManager,
  events: DomainEvents,
  hooks: Pick<AgentHooks, 'phonesRevoked'>,
  agentId: string,
): Promise<{ code: string; expiresAt: Date }> {
  const code = newInviteCode();
  const expiresAt = new Date(Date.now() + INVITE_TTL_MS);
  await em.transactional(async (tx) => {
    const agent = await tx.findOne(
      AgentSchema,
      { id: agentId, removedAt: null },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!agent) throw new AppError('NOT_FOUND', 'Agent not found');
    await revokeAgentDevices(tx, hooks, agentId);
    await endSessionsOf(tx, 'agent', agentId);
    tx.create(AgentInviteSchema, { codeHash: hashToken(code), agent, expiresAt });
  });
  events.publish({ type: 'sessions.revoked', kind: 'agent', subjectId: agentId });
  // Its phone is no longer paired, on the counter's Agents screen too.
  events.publish({ type: 'agents.changed' });
  return { code, expiresAt };
}

/** Why an invite that exists no longer pairs. */
function inviteRefusal(invite: AgentInvite, now: Date): AppError {
  if (invite.usedAt) return new AppError('INVITE_USED', MESSAGES.inviteUsed);
  if (invite.revokedAt) return new AppError('INVITE_NOT_VALID', MESSAGES.inviteNotValid);
  if (invite.expiresAt <= now) return new AppError('INVITE_EXPIRED', MESSAGES.inviteExpired);
  return new AppError('INVITE_NOT_VALID', MESSAGES.inviteNotValid);
}

/**
 * Pairs the calling phone with the agent the invite `code` was made for, and uses the invite up:
 * of any number of phones racing with one code, exactly one pairs. Answers the new device's
 * credential for its cookie (only its hash is stored).
 * @throws AppError FORBIDDEN for an unknown, used, replaced or expired invite, or one of a
 *   removed agent (refusals the pairing throttle counts).
 */
export async function pairDevice(
  em: EntityManager,
  events: DomainEvents,
  code: string,
): Promise<{ agent: Agent; credential: string }> {
  const invite = await em.findOne(AgentInviteSchema, { codeHash: hashToken(code) });
  if (!invite) throw new AppError('INVITE_NOT_VALID', MESSAGES.inviteNotValid);
  const credential = newDeviceCredential();
  const now = new Date();
  const agent = await em.transactional(async (tx) => {
    const agent = await tx.findOne(
      AgentSchema,
      { id: invite.agent.id, removedAt: null },
      { lockMode: LockMode.PESSIMISTIC_READ },
    );
    if (!agent) throw new AppError('INVITE_NOT_VALID', MESSAGES.inviteNotValid);
    // Conditional: of racing pairings only one finds the invite still unused.
    const taken = await tx.nativeUpdate(
      AgentInviteSchema,
      { id: invite.id, usedAt: null, revokedAt: null, expiresAt: { $gt: now } },
      { usedAt: now },
    );
    if (taken === 0) return null;
    tx.create(AgentDeviceSchema, {
      credentialHash: hashToken(credential),
      agent,
      lastSeenAt: now,
    });
    return agent;
  });
  // Explained after the transaction: the embedded database answers one connection at a time.
  if (!agent)
    throw inviteRefusal(
      await em.findOneOrFail(AgentInviteSchema, invite.id, { refresh: true }),
      now,
    );
  // The counter's Agents screen shows the phone paired.
  events.publish({ type: 'agents.changed' });
  return { agent, credential };
}

/**
 * Whether `credential` is a live pairing: a device not revoked nor unused for
 * {@link DEVICE_IDLE_LIMIT_MS}, of an agent not removed. Only a live device's refused sign-ins
 * may count against the number typed: a revoked phone's cookie (or a removed agent's) must not
 * let its holder lock another agent out.
 */
export async function isLiveDevice(em: EntityManager, credential: string): Promise<boolean> {
  const device = await em.findOne(
    AgentDeviceSchema,
    {
      credentialHash: hashToken(credential),
      revokedAt: null,
      lastSeenAt: { $gt: idleSince(new Date()) },
      agent: { removedAt: null },
    },
    { fields: ['id'] },
  );
  return device !== null;
}

/**
 * Writes down that agent `agentId`'s paired phone (the one whose cookie carries `credential`)
 * is in use, at most hourly: an agent on a rolling session may not sign in again for months,
 * and their phone must stay paired meanwhile. A revoked or idle device stays as it is.
 */
export async function recordDeviceUse(
  em: EntityManager,
  agentId: string,
  credential: string,
): Promise<void> {
  const now = new Date();
  await em.nativeUpdate(
    AgentDeviceSchema,
    {
      credentialHash: hashToken(credential),
      agent: agentId,
      revokedAt: null,
      lastSeenAt: {
        $gt: idleSince(now),
        $lt: new Date(now.getTime() - DEVICE_USE_EVERY_MS),
      },
    },
    { lastSeenAt: now },
  );
}

/**
 * Signs the agent with `phone` in on the paired phone whose cookie carries `credential`: `start`
 * begins the session while the device's row is locked, so a revocation racing this sign-in
 * either waits and then ends the new session, or goes first and this sign-in is refused. A
 * device unused for {@link DEVICE_IDLE_LIMIT_MS} is revoked instead (and the agent's push
 * subscriptions forgotten, as when the shop revokes it).
 * @throws AppError FORBIDDEN when the phone is not paired (no credential, or a revoked, idle or
 *   unknown one) or is paired with another agent's number.
 */
export async function signInOnDevice(
  em: EntityManager,
  hooks: Pick<AgentHooks, 'phonesRevoked'>,
  { phone, credential }: { phone: string; credential: string | undefined },
  start: (agent: Agent) => Promise<void>,
): Promise<Agent> {
  if (!credential) throw new AppError('NOT_PAIRED', MESSAGES.agentNotPaired);
  const now = new Date();
  let signedIn: Agent | null = null;
  await em.begin();
  try {
    const device = await em.findOne(
      AgentDeviceSchema,
      { credentialHash: hashToken(credential), revokedAt: null },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    const agent =
      device && (await em.findOne(AgentSchema, { id: device.agent.id, removedAt: null }));
    if (!device || !agent) throw new AppError('NOT_PAIRED', MESSAGES.agentNotPaired);
    if (device.lastSeenAt <= idleSince(now)) {
      // Revoked for good (committed, then refused), whoever holds the cookie.
      device.revokedAt = now;
      await em.flush();
      await hooks.phonesRevoked(em, agent.id);
    } else {
      if (agent.phone !== phone)
        throw new AppError('PAIRED_TO_ANOTHER', MESSAGES.agentPairedToAnother);
      device.lastSeenAt = now;
      await em.flush();
      await start(agent);
      signedIn = agent;
    }
    await em.commit();
  } catch (error) {
    await em.rollback();
    throw error;
  }
  if (!signedIn) throw new AppError('NOT_PAIRED', MESSAGES.agentNotPaired);
  return signedIn;
}
