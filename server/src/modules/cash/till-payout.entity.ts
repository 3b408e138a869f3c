import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { createdAtProperty, idProperty } from '../../db/base.js';
import { OrderSchema } from '../order/order.entity.js';

/**
 * Cash paid out of the till's drawer, in paise: what the till gives back for a cash order
 * cancelled after its agent handed the cash over (docs/counter.md#the-day). The day of the till
 * open at `createdAt` expects that much less cash. Written once, never changed.
 */
export const TillPayoutSchema = defineEntity({
  name: 'TillPayout',
  tableName: 'till_payouts',
  properties: {
    id: idProperty(),
    amountPaise: p.integer(),
    /** The cancelled order the cash goes back for; once per order. */
    order: () => p.manyToOne(OrderSchema).unique().deleteRule('restrict'),
    note: p.string().length(200),
    createdAt: createdAtProperty(),
  },
  indexes: [{ properties: ['createdAt'] }],
  checks: [{ name: 'till_payouts_amount_check', expression: 'amount_paise > 0' }],
});
export type TillPayout = InferEntity<typeof TillPayoutSchema>;
