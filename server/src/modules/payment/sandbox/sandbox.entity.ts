import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { createdAtProperty } from '../../../db/base.js';

/*
 * The sandbox's own books: what Razorpay would hold for the shop's account, kept in the
 * store's database so that every instance, and a restart, sees the same payments. Ids have the
 * provider's shapes (order_…, pay_…, rfnd_…).
 */

export const SandboxOrderSchema = defineEntity({
  name: 'SandboxOrder',
  tableName: 'sandbox_orders',
  properties: {
    id: p.string().length(64).primary(),
    amount: p.integer(),
    currency: p.string().length(3),
    receipt: p.string().length(64).nullable(),
    notes: p.json<Record<string, string>>(),
    status: p.enum(['created', 'attempted', 'paid'] as const).default('created'),
    createdAt: createdAtProperty(),
  },
});
export type SandboxOrder = InferEntity<typeof SandboxOrderSchema>;

export const SandboxPaymentSchema = defineEntity({
  name: 'SandboxPayment',
  tableName: 'sandbox_payments',
  properties: {
    id: p.string().length(64).primary(),
    order: () => p.manyToOne(SandboxOrderSchema).index(),
    amount: p.integer(),
    currency: p.string().length(3),
    status: p.enum(['captured', 'refunded', 'failed'] as const),
    amountRefunded: p.integer().default(0),
    errorDescription: p.string().length(200).nullable(),
    createdAt: createdAtProperty(),
  },
});
export type SandboxPayment = InferEntity<typeof SandboxPaymentSchema>;

export const SandboxRefundSchema = defineEntity({
  name: 'SandboxRefund',
  tableName: 'sandbox_refunds',
  properties: {
    id: p.string().length(64).primary(),
    payment: () => p.manyToOne(SandboxPaymentSchema).index(),
    amount: p.integer(),
    status: p.enum(['processed'] as const).default('processed'),
    receipt: p.string().length(64).nullable(),
    idempotencyKey: p.string().length(100).unique(),
    createdAt: createdAtProperty(),
  },
});
export type SandboxRefund = InferEntity<typeof SandboxRefundSchema>;
