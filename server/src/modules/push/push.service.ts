import { createPublicKey } from 'node:crypto';
import type { PushLocale, PushSubscribeBody } from '@kirana/shared';
import type { EntityManager, InferKyselyDB } from '@mikro-orm/postgresql';
import { uuidv7 } from 'uuidv7';
import { AppError } from '../../lib/errors.js';
import type { AgentSchema } from '../agent/agent.entity.js';
import { isPushServiceEndpoint } from './push-hosts.js';
import { PushSubscriptionSchema } from './push-subscription.entity.js';

type PushTables = InferKyselyDB<typeof PushSubscriptionSchema> & InferKyselyDB<typeof AgentSchema>;

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

/** The most phones (browsers) one agent receives alerts on; older subscriptions are dropped. */
export const MAX_SUBSCRIPTIONS_PER_AGENT = 5;

/**
 * Keeps the phone's subscription for the signed-in agent (at most the newest
 * {@link MAX_SUBSCRIPTIONS_PER_AGENT} of theirs). An endpoint already kept is updated with the
 * keys given, and the language when one is (the service worker renewing a subscription knows
 * none), when it is this agent's; another agent's moves to this one only from the same phone,
 * i.e. with the very keys kept (another agent signed in on that phone since). The auth secret
 * never leaves the phone but to us, so an endpoint alone takes over nothing.
 * @throws AppError INVALID when the endpoint is not on a push service's host (the known ones and
 * `serviceHosts`), or p256dh is not a point on P-256; conflict when the endpoint is another
 * agent's and the keys are not the ones kept.
 */
export async function subscribeToAlerts(
  em: EntityManager,
  agentId: string,
  { endpoint, keys, locale }: PushSubscribeBody,
  serviceHosts: readonly string[],
): Promise<void> {
  if (!isPushServiceEndpoint(endpoint, serviceHosts))
    throw new AppError('INVALID', 'endpoint must be the address of a known push service');
  if (!isP256Point(keys.p256dh))
    throw new AppError('INVALID', 'keys.p256dh must be a P-256 public key (65 bytes, base64url)');
  const kept = await em
    .getKysely<PushTables>()
    .insertInto('push_subscriptions')
    .values({
      id: uuidv7(),
      agent_id: agentId,
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
          p256dh: update.ref('excluded.p256dh'),
          auth: update.ref('excluded.auth'),
          created_at: update.ref('excluded.created_at'),
          ...(locale && { locale: update.ref('excluded.locale') }),
        }))
        // Decided in the one statement, so racing subscribes cannot slip between check and write.
        .where((row) =>
          row.or([
            row('push_subscriptions.agent_id', '=', row.ref('excluded.agent_id')),
            row.and([
              row('push_subscriptions.p256dh', '=', row.ref('excluded.p256dh')),
              row('push_subscriptions.auth', '=', row.ref('excluded.auth')),
            ]),
          ]),
        ),
    )
    .returning('id')
    .executeTakeFirst();
  if (!kept) {
    throw new AppError(
      'CONFLICT',
      'This phone’s alerts belong to another agent: they must turn them off on it first',
    );
  }
  // An agent has a phone or two: the oldest subscriptions beyond a few are old browsers.
  await em
    .getKysely<PushTables>()
    .deleteFrom('push_subscriptions')
    .where('agent_id', '=', agentId)
    .where(
      'id',
      'not in',
      em
        .getKysely<PushTables>()
        .selectFrom('push_subscriptions')
        .select('id')
        .where('agent_id', '=', agentId)
        .orderBy('created_at', 'desc')
        .limit(MAX_SUBSCRIPTIONS_PER_AGENT),
    )
    .execute();
}

/**
 * Forgets the subscription at `endpoint` if it is the agent's (another agent's is left alone);
 * nothing to forget is no error, as the phone may have been unsubscribed already.
 */
export async function unsubscribeFromAlerts(
  em: EntityManager,
  agentId: string,
  endpoint: string,
): Promise<void> {
  await em.nativeDelete(PushSubscriptionSchema, { endpoint, agent: agentId });
}

/** Forgets every subscription of the agent, e.g. inside the transaction that removes them. */
export async function deleteAgentSubscriptions(em: EntityManager, agentId: string): Promise<void> {
  await em.nativeDelete(PushSubscriptionSchema, { agent: agentId });
}

/** Forgets one subscription the push service says is gone (404, 410). */
export async function deleteSubscription(em: EntityManager, id: string): Promise<void> {
  await em.nativeDelete(PushSubscriptionSchema, { id });
}

/** A subscription to send an alert to. */
export interface AlertRecipient {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  locale: PushLocale;
}

/** The subscriptions of the agents alerted to new orders: current agents on duty. */
export async function onDutySubscriptions(em: EntityManager): Promise<AlertRecipient[]> {
  return em
    .getKysely<PushTables>()
    .selectFrom('push_subscriptions as s')
    .innerJoin('agents as a', 'a.id', 's.agent_id')
    .select(['s.id', 's.endpoint', 's.p256dh', 's.auth', 's.locale'])
    .where('a.on_duty', '=', true)
    .where('a.removed_at', 'is', null)
    .orderBy('s.id')
    .execute();
}
