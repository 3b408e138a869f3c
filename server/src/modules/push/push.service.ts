import { createPublicKey } from 'node:crypto';
import type { PushLocale, PushSubscribeBody } from '@kirana/shared';
import type { EntityManager, InferKyselyDB } from '@mikro-orm/postgresql';
import { uuidv7 } from 'uuidv7';
import { AppError } from '../../lib/errors.js';
import type { AgentSchema } from '../agent/agent.entity.js';
import { NOT_SIGNED_IN } from '../session/auth.js';
import type { SessionSchema } from '../session/session.entity.js';
import { isPushServiceEndpoint } from './push-hosts.js';
import type { Delivery } from './push-sender.js';
import { PushSubscriptionSchema } from './push-subscription.entity.js';

type PushTables = InferKyselyDB<typeof PushSubscriptionSchema> &
  InferKyselyDB<typeof AgentSchema> &
  InferKyselyDB<typeof SessionSchema>;

/**
 * Whose a subscription is: an agent's phone, alerted to new orders; or a shopper's browser, told
 * of their orders' changes while `sessionHash` (the session that subscribed) lasts.
 */
export type PushOwner =
  { kind: 'agent'; agentId: string } | { kind: 'user'; userId: string; sessionHash: string };

/** The owner's columns; the other owner's are null. */
const ownerColumns = (owner: PushOwner) =>
  owner.kind === 'agent'
    ? { agent_id: owner.agentId, user_id: null, session_token_hash: null }
    : { agent_id: null, user_id: owner.userId, session_token_hash: owner.sessionHash };

/** The refusal of an endpoint kept for someone else, in the words of each side. */
const TAKEN: Record<PushOwner['kind'], string> = {
  agent: 'This phone’s alerts belong to another agent: they must turn them off on it first',
  user: 'This browser’s notifications belong to another account: turn them off there first',
};

/** Whether `key` (base64url) is an uncompressed point on P-256, as a phone's p256dh must be. */
function isP256Point(key: string): boolean {
  const bytes = Buffer.from(key, 'base64url');
  if (bytes.length !== 65 || bytes[0] !== 0x04) return false;
  try {
    createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: bytes.subarray(1, 33).toString('base64url'),
        y: bytes.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    return true;
  } catch {
    return false;
  }
}

/**
 * The most phones (browsers) one agent receives alerts on, or one shopper notifications on;
 * older subscriptions are dropped.
 */
export const MAX_SUBSCRIPTIONS = 5;

/**
 * Keeps the browser's subscription for `owner` (at most the newest {@link MAX_SUBSCRIPTIONS} of
 * theirs). An endpoint already kept is updated with the keys given, and the language when one is
 * (the service worker renewing a subscription knows none), when it is this owner's; someone
 * else's moves to this owner only from the same browser, i.e. with the very keys kept (another
 * agent, or shopper, signed in on it since). The auth secret never leaves the browser but to us,
 * so an endpoint alone takes over nothing.
 * @throws AppError INVALID when the endpoint is not on a push service's host (the known ones and
 * `serviceHosts`), or p256dh is not a point on P-256; CONFLICT when the endpoint is someone
 * else's and the keys are not the ones kept; UNAUTHENTICATED when a shopper's session ended
 * meanwhile.
 */
export async function subscribeToAlerts(
  em: EntityManager,
  owner: PushOwner,
  { endpoint, keys, locale }: PushSubscribeBody,
  serviceHosts: readonly string[],
): Promise<void> {
  if (!isPushServiceEndpoint(endpoint, serviceHosts))
    throw new AppError('INVALID', 'endpoint must be the address of a known push service');
  if (!isP256Point(keys.p256dh))
    throw new AppError('INVALID', 'keys.p256dh must be a P-256 public key (65 bytes, base64url)');
  const columns = ownerColumns(owner);
  let kept: { id: string } | undefined;
  try {
    kept = await em
      .getKysely<PushTables>()
      .insertInto('push_subscriptions')
      .values({
        id: uuidv7(),
        ...columns,
        endpoint,
        p256dh: keys.p256dh.replace(/=+$/, ''),
        auth: keys.auth.replace(/=+$/, ''),
        locale: locale ?? 'en',
        created_at: new Date(),
      })
      .onConflict((conflict) =>
        conflict
          .column('endpoint')
          .doUpdateSet((update) => ({
            agent_id: update.ref('excluded.agent_id'),
            user_id: update.ref('excluded.user_id'),
            session_token_hash: update.ref('excluded.session_token_hash'),
            p256dh: update.ref('excluded.p256dh'),
            auth: update.ref('excluded.auth'),
            created_at: update.ref('excluded.created_at'),
            // Subscribed again (the app does it each time it opens): a fresh chance.
            failures: 0,
            failing_since: null,
            disabled_at: null,
            ...(locale && { locale: update.ref('excluded.locale') }),
          }))
          // Decided in the one statement, so racing subscribes cannot slip between check and write.
          .where((row) =>
            row.or([
              owner.kind === 'agent'
                ? row('push_subscriptions.agent_id', '=', row.ref('excluded.agent_id'))
                : row('push_subscriptions.user_id', '=', row.ref('excluded.user_id')),
              row.and([
                row('push_subscriptions.p256dh', '=', row.ref('excluded.p256dh')),
                row('push_subscriptions.auth', '=', row.ref('excluded.auth')),
              ]),
            ]),
          ),
      )
      .returning('id')
      .executeTakeFirst();
  } catch (error) {
    // The shopper's session ended (a logout in another tab) between its check and this write.
    if ((error as { code?: string }).code === FOREIGN_KEY_VIOLATION && owner.kind === 'user')
      throw new AppError('UNAUTHENTICATED', NOT_SIGNED_IN.user);
    throw error;
  }
  if (!kept) throw new AppError('CONFLICT', TAKEN[owner.kind]);
  // An agent has a phone or two, a shopper a browser or two: the oldest beyond a few are old.
  const column = owner.kind === 'agent' ? 'agent_id' : 'user_id';
  const ownerId = owner.kind === 'agent' ? owner.agentId : owner.userId;
  await em
    .getKysely<PushTables>()
    .deleteFrom('push_subscriptions')
    .where(column, '=', ownerId)
    .where(
      'id',
      'not in',
      em
        .getKysely<PushTables>()
        .selectFrom('push_subscriptions')
        .select('id')
        .where(column, '=', ownerId)
        .orderBy('created_at', 'desc')
        .limit(MAX_SUBSCRIPTIONS),
    )
    .execute();
}

/** PostgreSQL's SQLSTATE for a row that names one no longer there. */
const FOREIGN_KEY_VIOLATION = '23503';

/**
 * Forgets the subscription at `endpoint` if it is the owner's (someone else's is left alone);
 * nothing to forget is no error, as the browser may have been unsubscribed already.
 */
export async function unsubscribeFromAlerts(
  em: EntityManager,
  owner: PushOwner,
  endpoint: string,
): Promise<void> {
  await em.nativeDelete(
    PushSubscriptionSchema,
    owner.kind === 'agent' ? { endpoint, agent: owner.agentId } : { endpoint, user: owner.userId },
  );
}

/** Forgets every subscription of the agent, e.g. inside the transaction that removes them. */
export async function deleteAgentSubscriptions(em: EntityManager, agentId: string): Promise<void> {
  await em.nativeDelete(PushSubscriptionSchema, { agent: agentId });
}

/** A subscription that failed this many messages in a row is switched off. */
export const FAILURES_TO_SWITCH_OFF = 10;

/** A subscription that failed every message for this long is switched off, however few. */
const FAILING_AT_MOST_MS = 24 * 60 * 60 * 1000;

/**
 * Keeps how a message to subscription `id` went: one taken ends its failures in a row; one
 * failed adds to them, and switches the subscription off (stored: a restart keeps it off) once
 * they are {@link FAILURES_TO_SWITCH_OFF} or have lasted a day; one gone (404, 410) forgets it.
 * Answers whether this message switched it off.
 */
export async function keepDelivery(
  em: EntityManager,
  id: string,
  delivery: Delivery,
  now = new Date(),
): Promise<boolean> {
  const subscriptions = () => em.getKysely<PushTables>().updateTable('push_subscriptions');
  switch (delivery) {
    case 'sent':
      await subscriptions()
        .set({ failures: 0, failing_since: null })
        .where('id', '=', id)
        .where('failures', '>', 0)
        .execute();
      return false;
    case 'gone':
      await em.nativeDelete(PushSubscriptionSchema, { id });
      return false;
    case 'failed': {
      const failing = await subscriptions()
        .set((row) => ({
          failures: row('failures', '+', 1),
          failing_since: row.fn.coalesce('failing_since', row.val(now)),
        }))
        .where('id', '=', id)
        .where('disabled_at', 'is', null)
        .returning((row) => [
          'failures',
          row('failing_since', '<=', new Date(now.getTime() - FAILING_AT_MOST_MS)).as('too_long'),
        ])
        .executeTakeFirst();
      if (!failing) return false;
      if (failing.failures < FAILURES_TO_SWITCH_OFF && !failing.too_long) return false;
      // Once: a racing failure finds it off already.
      const { numUpdatedRows } = await subscriptions()
        .set({ disabled_at: now })
        .where('id', '=', id)
        .where('disabled_at', 'is', null)
        .executeTakeFirst();
      return numUpdatedRows > 0n;
    }
  }
}

/** A subscription to send an alert to. */
export interface AlertRecipient {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  locale: PushLocale;
}

/** The subscriptions of the agents alerted to new orders: current agents on duty, not switched off. */
export async function onDutySubscriptions(em: EntityManager): Promise<AlertRecipient[]> {
  return em
    .getKysely<PushTables>()
    .selectFrom('push_subscriptions as s')
    .innerJoin('agents as a', 'a.id', 's.agent_id')
    .select(['s.id', 's.endpoint', 's.p256dh', 's.auth', 's.locale'])
    .where('a.on_duty', '=', true)
    .where('a.removed_at', 'is', null)
    .where('s.disabled_at', 'is', null)
    .orderBy('s.id')
    .execute();
}

/**
 * The browsers of the shoppers of `userIds` told of their orders' changes, by shopper: those
 * subscribed in a session still live (an ended one's are deleted with it; an expired one's are
 * swept at the next sign-in), not switched off.
 */
export async function shopperSubscriptions(
  em: EntityManager,
  userIds: readonly string[],
  now = new Date(),
): Promise<Map<string, AlertRecipient[]>> {
  const byUser = new Map<string, AlertRecipient[]>();
  if (userIds.length === 0) return byUser;
  const rows = await em
    .getKysely<PushTables>()
    .selectFrom('push_subscriptions as s')
    .innerJoin('sessions as n', 'n.token_hash', 's.session_token_hash')
    .select(['s.id', 's.user_id', 's.endpoint', 's.p256dh', 's.auth', 's.locale'])
    .where('s.user_id', 'in', [...new Set(userIds)])
    .where('n.expires_at', '>', now)
    .where('s.disabled_at', 'is', null)
    .orderBy('s.id')
    .execute();
  for (const { user_id: userId, ...recipient } of rows) {
    if (!userId) continue;
    const list = byUser.get(userId) ?? [];
    list.push(recipient);
    byUser.set(userId, list);
  }
  return byUser;
}
