/**
 * The one way into a khata (docs/khata.md#the-ledger): every entry is written here, with Kysely,
 * in its caller's transaction and under a lock on its customer, so that a balance is always the
 * sum of its entries and no two credits at once take a customer past their limit.
 */
import {
  formatAmount,
  ORDER_CURRENCY,
  toRupees,
  type KhataEntryKind,
  type KhataPaymentMethod,
} from '@kirana/shared';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type Kysely } from 'kysely';
import { uuidv7 } from 'uuidv7';
import { AppError } from '../../lib/errors.js';
import type { KhataTables } from './khata.entity.js';

const rs = (paise: number) => formatAmount(toRupees(paise), ORDER_CURRENCY);

/** A customer as the ledger sees them, locked for the rest of the transaction. */
export interface LockedCustomer {
  id: string;
  name: string;
  balancePaise: number;
  creditLimitPaise: number;
  owingSince: Date | null;
}

/**
 * Locks customer `customerId` (FOR UPDATE) for the rest of transaction `tx`: a second caller
 * waits here until the first commits, then reads the balance it left.
 * @throws AppError NOT_FOUND for no such customer.
 */
export async function lockCustomer(tx: EntityManager, customerId: string): Promise<LockedCustomer> {
  const row = await tx
    .getKysely<KhataTables>()
    .selectFrom('khata_customers')
    .select(['id', 'name', 'balance_paise', 'credit_limit_paise', 'owing_since'])
    .where('id', '=', customerId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'No khata customer has this id');
  return {
    id: row.id,
    name: row.name,
    balancePaise: Number(row.balance_paise),
    creditLimitPaise: Number(row.credit_limit_paise),
    owingSince: row.owing_since,
  };
}

/**
 * Refuses credit of `amountPaise` to `customer` when, with what they owe and `pendingPaise`
 * (credit promised but not yet posted, e.g. khata orders on their way), it passes their limit.
 * @throws AppError CREDIT_LIMIT saying the balance, the limit and what is left of it.
 */
export function checkCredit(customer: LockedCustomer, amountPaise: number, pendingPaise = 0) {
  const owed = customer.balancePaise + pendingPaise;
  if (owed + amountPaise <= customer.creditLimitPaise) return;
  const left = Math.max(0, customer.creditLimitPaise - owed);
  const credit = {
    balance: toRupees(owed),
    limit: toRupees(customer.creditLimitPaise),
    left: toRupees(left),
  };
  if (customer.creditLimitPaise === 0)
    throw new AppError(
      'CREDIT_LIMIT',
      `${customer.name}'s khata has no credit limit: the shop gives them no credit`,
      { credit },
    );
  throw new AppError(
    'CREDIT_LIMIT',
    `${customer.name} owes ${rs(owed)} of a ${rs(customer.creditLimitPaise)} limit: ${rs(left)} is left, and this comes to ${rs(amountPaise)}`,
    { credit },
  );
}

/** One entry to write: `amountPaise` signed, positive when the customer owes more. */
export interface KhataPosting {
  kind: KhataEntryKind;
  amountPaise: number;
  method?: KhataPaymentMethod;
  sale?: { id: string; number: number };
  orderId?: string;
  /** An online payment's id at the provider: it is posted once. */
  paymentRef?: string;
  note?: string | null;
  at?: Date;
  /** The `Idempotency-Key` (and fingerprint) the request that writes it came with. */
  key?: { key: string; fingerprint: string };
}

/**
 * Writes `posting` to locked `customer`'s ledger in transaction `tx` and moves their balance by
 * it: answers the entry's id and the balance after it. Its time is `posting.at` (default now),
 * or a millisecond after the customer's latest entry when that is later. A credit is not checked against the limit
 * here: call checkCredit first where the limit applies.
 */
export async function postEntry(
  tx: EntityManager,
  customer: LockedCustomer,
  posting: KhataPosting,
): Promise<{ entryId: string; balancePaise: number }> {
  const db: Kysely<KhataTables> = tx.getKysely<KhataTables>();
  // A ledger is read in the order of its entries' times: each is after the one before it, even
  // from another clock (the till's) or within the same millisecond.
  const { last } = await db
    .selectFrom('khata_entries')
    .select(sql<string | null>`(extract(epoch from max(created_at)) * 1000)::bigint`.as('last'))
    .where('customer_id', '=', customer.id)
    .executeTakeFirstOrThrow();
  const asked = (posting.at ?? new Date()).getTime();
  const at = new Date(last === null ? asked : Math.max(asked, Number(last) + 1));
  const balancePaise = customer.balancePaise + posting.amountPaise;
  const owingSince = balancePaise <= 0 ? null : (customer.owingSince ?? at);
  const entryId = uuidv7();
  await db
    .insertInto('khata_entries')
    .values({
      id: entryId,
      customer_id: customer.id,
      kind: posting.kind,
      amount_paise: posting.amountPaise,
      balance_paise: balancePaise,
      method: posting.method ?? null,
      sale_id: posting.sale?.id ?? null,
      sale_number: posting.sale?.number ?? null,
      order_id: posting.orderId ?? null,
      payment_ref: posting.paymentRef ?? null,
      note: posting.note ?? null,
      idempotency_key: posting.key?.key ?? null,
      fingerprint: posting.key?.fingerprint ?? null,
      created_at: at,
    })
    .execute();
  await db
    .updateTable('khata_customers')
    .set({ balance_paise: balancePaise, owing_since: owingSince, updated_at: at })
    .where('id', '=', customer.id)
    .execute();
  // The lock is held to the end of the transaction: a second posting in it reads this one's.
  customer.balancePaise = balancePaise;
  customer.owingSince = owingSince;
  return { entryId, balancePaise };
}
