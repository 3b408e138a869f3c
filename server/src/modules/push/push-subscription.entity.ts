import { PUSH_LOCALES } from '@kirana/shared';
import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { createdAtProperty, idProperty } from '../../db/base.js';
import { AgentSchema } from '../agent/agent.entity.js';
import { SessionSchema } from '../session/session.entity.js';
import { UserSchema } from '../user/user.entity.js';

/**
 * A browser's Web Push subscription (the browser's PushSubscription): where the push service
 * takes messages for it, and the keys its messages are encrypted to. An endpoint belongs to one
 * agent (an agent's phone, alerted to new orders) or one shopper (told of their orders' changes):
 * whoever was signed in when it was last subscribed.
 */
export const PushSubscriptionSchema = defineEntity({
  name: 'PushSubscription',
  tableName: 'push_subscriptions',
  properties: {
    id: idProperty(),
    agent: () => p.manyToOne(AgentSchema).nullable().index().deleteRule('no action'),
    user: () => p.manyToOne(UserSchema).nullable().index().deleteRule('no action'),
    /**
     * A shopper's: the session that subscribed. The browser hears nothing once it has ended (a
     * logout, a login of someone else, expiry): the subscription goes with its row.
     */
    session: () => p.manyToOne(SessionSchema).nullable().index().deleteRule('cascade'),
    endpoint: p.text().unique(),
    /** The phone's P-256 public key (base64url, 65 bytes). */
    p256dh: p.string().length(100),
    /** The phone's authentication secret (base64url, 16 bytes). */
    auth: p.string().length(32),
    /** The language of this phone's alerts. */
    locale: p.enum(PUSH_LOCALES).default('en'),
    /** Messages in a row its push service did not take (no answer, an error); one taken resets it. */
    failures: p.smallint().default(0),
    /** When those failures in a row began. */
    failingSince: p.datetime().nullable(),
    /**
     * When it was switched off for failing too long (push.service.ts): nothing is sent to it
     * until the browser subscribes again, as the app does each time it opens.
     */
    disabledAt: p.datetime().nullable(),
    createdAt: createdAtProperty(),
  },
  checks: [
    {
      // An agent's phone, or a shopper's browser in one of their sessions.
      name: 'push_subscriptions_owner_check',
      expression:
        '(agent_id is not null and user_id is null and session_token_hash is null) or (agent_id is null and user_id is not null and session_token_hash is not null)',
    },
  ],
});
export type PushSubscription = InferEntity<typeof PushSubscriptionSchema>;
