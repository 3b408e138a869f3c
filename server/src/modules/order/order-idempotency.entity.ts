import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { createdAtProperty, idProperty } from '../../db/base.js';
import { UserSchema } from '../user/user.entity.js';
import { OrderSchema } from './order.entity.js';

/**
 * One shopper's `Idempotency-Key` on placing an order (order-idempotency.service.ts): written in
 * the order's own transaction, so the unique (user, key) index makes duplicates wait for it.
 */
export const OrderIdempotencyKeySchema = defineEntity({
  name: 'OrderIdempotencyKey',
  tableName: 'order_idempotency_keys',
  properties: {
    id: idProperty(),
    user: () => p.manyToOne(UserSchema).deleteRule('cascade'),
    key: p.string().length(255),
    /** SHA-256 (hex) of the endpoint and the validated body: one key stands for one request. */
    fingerprint: p.string().length(64),
    /** Null only inside the transaction that claims the key, until the order is written. */
    order: () => p.manyToOne(OrderSchema).nullable().deleteRule('cascade'),
    /** The first answer, sent again to every repeat; null while an online order awaits its provider order. */
    answerStatus: p.integer().nullable(),
    answer: p.json<Record<string, unknown>>().nullable(),
    createdAt: createdAtProperty(),
  },
  uniques: [{ properties: ['user', 'key'] }],
  indexes: [{ properties: ['createdAt'] }],
});
export type OrderIdempotencyKey = InferEntity<typeof OrderIdempotencyKeySchema>;
