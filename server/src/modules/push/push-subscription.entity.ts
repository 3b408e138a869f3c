import { PUSH_LOCALES } from '@kirana/shared';
import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { createdAtProperty, idProperty } from '../../db/base.js';
import { AgentSchema } from '../agent/agent.entity.js';

/**
 * A phone's Web Push subscription (the browser's PushSubscription): where the push service takes
 * messages for it, and the keys its messages are encrypted to. An endpoint belongs to one agent,
 * the one signed in when it was last subscribed.
 */
export const PushSubscriptionSchema = defineEntity({
  name: 'PushSubscription',
  tableName: 'push_subscriptions',
  properties: {
    id: idProperty(),
    agent: () => p.manyToOne(AgentSchema).index(),
    endpoint: p.text().unique(),
    /** The phone's P-256 public key (base64url, 65 bytes). */
    p256dh: p.string().length(100),
    /** The phone's authentication secret (base64url, 16 bytes). */
    auth: p.string().length(32),
    /** The language of this phone's alerts. */
    locale: p.enum(PUSH_LOCALES).default('en'),
    createdAt: createdAtProperty(),
  },
});
export type PushSubscription = InferEntity<typeof PushSubscriptionSchema>;
