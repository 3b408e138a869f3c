import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { createdAtProperty, idProperty, updatedAtProperty } from '../../db/base.js';
import { OrderSchema } from '../order/order.entity.js';

/** One attempt to take money for an order through the provider (Razorpay or the sandbox). */
export const PaymentSchema = defineEntity({
  name: 'Payment',
  tableName: 'payments',
  properties: {
    id: idProperty(),
    order: () => p.manyToOne(OrderSchema).index(),
    provider: p.enum(['razorpay', 'sandbox'] as const),
    /** Checkout by the shopper, or collection at the door by the agent. */
    purpose: p.enum(['checkout', 'collection'] as const),
    providerOrderId: p.string().length(64).unique(),
    providerPaymentId: p.string().length(64).nullable().unique(),
    amountPaise: p.integer(),
    currency: p.string().length(3).default('INR'),
    status: p.enum(['created', 'paid', 'failed'] as const).default('created'),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
  },
});
export type Payment = InferEntity<typeof PaymentSchema>;
