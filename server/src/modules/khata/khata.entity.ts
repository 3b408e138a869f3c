import { KHATA_ENTRY_KINDS, KHATA_PAYMENT_METHODS } from '@kirana/shared';
import { defineEntity, p, type InferEntity, type InferKyselyDB } from '@mikro-orm/postgresql';
import { createdAtProperty, idProperty, updatedAtProperty } from '../../db/base.js';
import { OrderSchema } from '../order/order.entity.js';
import { UserSchema } from '../user/user.entity.js';

/*
 * The khata (docs/khata.md): the shop's regulars and their ledgers. Entries are written with
 * Kysely by khata-ledger.ts alone, under a lock on their customer; these entities give the tables
 * and their types.
 */

/**
 * A regular who may buy on credit. `balancePaise` (what they owe) is the sum of their entries,
 * kept beside them in the same transaction so that a limit is checked without adding them up.
 */
export const KhataCustomerSchema = defineEntity({
  name: 'KhataCustomer',
  tableName: 'khata_customers',
  properties: {
    id: idProperty(),
    name: p.string().length(100),
    /** An Indian mobile number's ten digits. */
    phone: p.string().length(10).unique(),
    /** 0: the shop gives no credit. */
    creditLimitPaise: p.bigint('number'),
    /** The shopper account whose online orders may go on this khata. */
    shopper: () => p.manyToOne(UserSchema).nullable().unique().deleteRule('set null'),
    note: p.string().length(500).nullable(),
    balancePaise: p.bigint('number').default(0),
    /** Since when the customer has owed without a break: null while they owe nothing. */
    owingSince: p.datetime().nullable(),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
  },
  indexes: [{ properties: ['owingSince'] }],
  checks: [
    { name: 'khata_customers_limit_check', expression: 'credit_limit_paise >= 0' },
    {
      name: 'khata_customers_owing_check',
      expression: '(balance_paise > 0) = (owing_since is not null)',
    },
  ],
});
export type KhataCustomer = InferEntity<typeof KhataCustomerSchema>;

/**
 * One entry of a customer's ledger, in paise: positive, the customer owes more. Only ever added
 * (the table refuses UPDATE and DELETE); `balancePaise` is what they owed once it was written.
 */
export const KhataEntrySchema = defineEntity({
  name: 'KhataEntry',
  tableName: 'khata_entries',
  properties: {
    id: idProperty(),
    customer: () => p.manyToOne(KhataCustomerSchema).deleteRule('restrict'),
    kind: p.enum(KHATA_ENTRY_KINDS),
    amountPaise: p.bigint('number'),
    balancePaise: p.bigint('number'),
    method: p.enum(KHATA_PAYMENT_METHODS).nullable(),
    /** The counter sale it came from (its id and bill number: the till depends on the khata). */
    saleId: p.uuid().nullable(),
    saleNumber: p.integer().nullable(),
    order: () => p.manyToOne(OrderSchema).nullable().deleteRule('restrict'),
    /** What the provider calls an online payment: it is posted once, whatever retries come. */
    paymentRef: p.string().length(100).nullable().unique(),
    note: p.string().length(200).nullable(),
    /** A payment the seller recorded: its `Idempotency-Key`, and a fingerprint of what it asked. */
    idempotencyKey: p.string().length(255).nullable().unique(),
    fingerprint: p.string().length(64).nullable(),
    createdAt: createdAtProperty(),
  },
  indexes: [
    { properties: ['customer', 'createdAt'] },
    { properties: ['createdAt'] },
    { properties: ['saleId'] },
  ],
  uniques: [
    // A delivered order goes on the khata once, and a sale's bill once.
    { properties: ['order'], name: 'khata_entries_order_credit_unique', where: "kind = 'credit'" },
    { properties: ['saleId'], name: 'khata_entries_sale_credit_unique', where: "kind = 'credit'" },
  ],
  checks: [
    {
      name: 'khata_entries_amount_check',
      expression:
        "(kind = 'credit' and amount_paise > 0) or (kind in ('payment', 'return') and amount_paise < 0) or (kind = 'adjustment' and amount_paise <> 0)",
    },
    {
      name: 'khata_entries_payment_method_check',
      expression: "(kind = 'payment') = (method is not null)",
    },
  ],
  triggers: [
    {
      name: 'khata_entries_append_only',
      timing: 'before',
      events: ['update', 'delete'],
      forEach: 'row',
      body: "raise exception 'khata_entries is append-only: write an adjustment instead';",
    },
  ],
});
export type KhataEntry = InferEntity<typeof KhataEntrySchema>;

/** The khata's tables as Kysely names them (columns in snake_case). */
export type KhataTables = InferKyselyDB<typeof KhataCustomerSchema | typeof KhataEntrySchema>;
