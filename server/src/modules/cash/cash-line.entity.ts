import { CASH_LINE_AUTHORS, CASH_LINE_KINDS } from '@kirana/shared';
import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { createdAtProperty, idProperty } from '../../db/base.js';
import { AgentSchema } from '../agent/agent.entity.js';
import { OrderSchema } from '../order/order.entity.js';

/**
 * One line of an agent's cash ledger, in paise: positive adds to the cash the agent holds,
 * negative takes off. Lines are only ever added (the table refuses UPDATE and DELETE): the
 * agent's cash in hand is the sum of their lines, and a mistake is put right by a correction.
 */
export const CashLineSchema = defineEntity({
  name: 'CashLine',
  tableName: 'agent_cash_lines',
  properties: {
    id: idProperty(),
    agent: () => p.manyToOne(AgentSchema),
    kind: p.enum(CASH_LINE_KINDS),
    amountPaise: p.integer(),
    /** The order the cash was taken (or given back) for. */
    order: () => p.manyToOne(OrderSchema).nullable().deleteRule('restrict'),
    note: p.string().length(200).nullable(),
    by: p.enum(CASH_LINE_AUTHORS),
    createdAt: createdAtProperty(),
  },
  indexes: [{ properties: ['agent', 'createdAt'] }, { properties: ['createdAt'] }],
  uniques: [
    // Cash is taken once per order.
    {
      properties: ['order'],
      name: 'agent_cash_lines_collection_unique',
      where: "kind = 'collection'",
    },
  ],
  checks: [
    {
      name: 'agent_cash_lines_amount_check',
      expression:
        "(kind = 'collection' and amount_paise > 0) or (kind = 'handover' and amount_paise < 0) or (kind = 'correction' and amount_paise <> 0)",
    },
    {
      name: 'agent_cash_lines_collection_order_check',
      expression: "kind <> 'collection' or order_id is not null",
    },
  ],
  triggers: [
    {
      name: 'agent_cash_lines_append_only',
      timing: 'before',
      events: ['update', 'delete'],
      forEach: 'row',
      body: "raise exception 'agent_cash_lines is append-only: write a correction instead';",
    },
  ],
});
export type CashLine = InferEntity<typeof CashLineSchema>;
