import { PAYMENT_PROVIDERS, PAYMENT_STATUSES } from '@kirana/shared';
import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { createdAtProperty, idProperty, updatedAtProperty } from '../../db/base.js';
import { KhataCustomerSchema } from '../khata/khata.entity.js';
import { UserSchema } from '../user/user.entity.js';

/**
 * One provider order by which a shopper pays (part of) what their khata owes, online
 * (docs/payments.md#paying-the-khata-online). Apart from `payments`, which are an order's.
 * The khata's `payment` entry is written once, keyed by the provider's payment id.
 */
export const KhataPaymentSchema = defineEntity({
  name: 'KhataPayment',
  tableName: 'khata_payments',
  properties: {
    id: idProperty(),
    customer: () => p.manyToOne(KhataCustomerSchema).index().deleteRule('cascade'),
    /** Who opened it: only they may confirm it from Checkout. */
    shopper: () => p.manyToOne(UserSchema).nullable().deleteRule('set null'),
    provider: p.enum(PAYMENT_PROVIDERS),
    providerOrderId: p.string().length(64).unique(),
    /** The provider payment that paid it. */
    providerPaymentId: p.string().length(64).nullable().unique(),
    amountPaise: p.integer(),
    status: p.enum(PAYMENT_STATUSES).default('created'),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
  },
  indexes: [{ properties: ['status', 'createdAt'] }],
});
export type KhataPayment = InferEntity<typeof KhataPaymentSchema>;
