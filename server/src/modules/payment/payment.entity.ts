import {
  PAYMENT_EVENT_SOURCES,
  PAYMENT_PROVIDERS,
  PAYMENT_PURPOSES,
  PAYMENT_STATUSES,
  REFUND_STATUSES,
} from '@kirana/shared';
import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { createdAtProperty, idProperty, updatedAtProperty } from '../../db/base.js';
import { OrderSchema } from '../order/order.entity.js';

/**
 * One provider order taking money for one of our orders: the shopper's checkout, or the agent's
 * collection at the door. Retries of a checkout reuse it; it is `paid` by exactly one payment.
 */
export const PaymentSchema = defineEntity({
  name: 'Payment',
  tableName: 'payments',
  properties: {
    id: idProperty(),
    order: () => p.manyToOne(OrderSchema).index(),
    provider: p.enum(PAYMENT_PROVIDERS),
    purpose: p.enum(PAYMENT_PURPOSES),
    providerOrderId: p.string().length(64).unique(),
    /** The provider payment that paid this provider order. */
    providerPaymentId: p.string().length(64).nullable().unique(),
    amountPaise: p.integer(),
    currency: p.string().length(3).default('INR'),
    status: p.enum(PAYMENT_STATUSES).default('created'),
    failureReason: p.string().length(200).nullable(),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
  },
});
export type Payment = InferEntity<typeof PaymentSchema>;

/**
 * What happened to an order's money, one row each: provider order created, payment captured or
 * failed (from Checkout, a webhook or the poller), refunds. `dedupeKey` (a webhook's event id)
 * is unique, and written in the transaction of its effect, so a repeated event does nothing.
 */
export const PaymentEventSchema = defineEntity({
  name: 'PaymentEvent',
  tableName: 'payment_events',
  properties: {
    id: idProperty(),
    order: () => p.manyToOne(OrderSchema).index(),
    source: p.enum(PAYMENT_EVENT_SOURCES),
    type: p.string().length(40),
    dedupeKey: p.string().length(100).nullable().unique(),
    providerPaymentId: p.string().length(64).nullable(),
    amountPaise: p.integer().nullable(),
    note: p.string().length(200).nullable(),
    createdAt: createdAtProperty(),
  },
});
export type PaymentEvent = InferEntity<typeof PaymentEventSchema>;

/**
 * Money given back for one provider payment. `idempotencyKey` is unique, so asking twice for the
 * same refund (a retried webhook, verify racing the poller) makes one row and one provider refund.
 */
export const RefundSchema = defineEntity({
  name: 'Refund',
  tableName: 'refunds',
  properties: {
    id: idProperty(),
    order: () => p.manyToOne(OrderSchema).index(),
    providerPaymentId: p.string().length(64),
    providerRefundId: p.string().length(64).nullable().unique(),
    amountPaise: p.integer(),
    /** `requested`: written here, not yet accepted by the provider (the poller retries). */
    status: p.enum(['requested', ...REFUND_STATUSES] as const).default('requested'),
    idempotencyKey: p.string().length(100).unique(),
    reason: p.string().length(200),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
  },
});
export type Refund = InferEntity<typeof RefundSchema>;
