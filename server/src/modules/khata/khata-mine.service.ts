/**
 * The shopper's side of the khata (docs/khata.md), read with Kysely: the khata the shop linked to
 * their account, its entries a page at a time, and their online payments posted to it once,
 * whatever retries come.
 */
import {
  formatAmount,
  ORDER_CURRENCY,
  paiseOf,
  toRupees,
  type MyKhataAnswer,
} from '@kirana/shared';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../lib/errors.js';
import type { KhataTables } from './khata.entity.js';
import { lockCustomer, postEntry } from './khata-ledger.js';
import { presentEntry } from './khata.presenter.js';
import { customerOfShopper, entriesPage } from './khata-reads.js';

const NO_KHATA = 'The shop keeps no khata for your account';

/**
 * Shopper `userId`'s khata with a page of its entries, newest first: those older than entry
 * `before` (one of theirs) when given. Null when the shop linked no khata to their account.
 * @throws AppError INVALID when `before` is no entry of theirs (entriesPage).
 */
export async function readMyKhata(
  em: EntityManager,
  userId: string,
  before?: string,
): Promise<MyKhataAnswer['khata']> {
  const customer = await customerOfShopper(em, userId);
  if (!customer) return null;
  const page = await entriesPage(em, customer.id, before);
  const creditLimit = toRupees(customer.creditLimitPaise);
  return {
    balance: toRupees(customer.balancePaise),
    creditLimit,
    canPayLater: creditLimit > 0,
    oldestUnpaidAt: customer.owingSince?.toISOString() ?? null,
    entries: page.entries.map(presentEntry),
    more: page.more,
  };
}

/**
 * What shopper `userId` may pay online now: their khata customer's id, and `amount` (rupees) in
 * paise once checked against what they owe.
 * @throws AppError NOT_FOUND when the shop keeps no khata for them; INVALID when they owe nothing,
 * or `amount` is more than they owe or less than ₹1 (the least a provider takes).
 */
export async function checkMyPayment(
  em: EntityManager,
  userId: string,
  amount: number,
): Promise<{ customerId: string; amountPaise: number }> {
  const customer = await customerOfShopper(em, userId);
  if (!customer) throw new AppError('NOT_FOUND', NO_KHATA);
  const balancePaise = customer.balancePaise;
  const amountPaise = paiseOf(amount);
  if (balancePaise <= 0) throw new AppError('INVALID', 'You owe the shop nothing on your khata');
  if (amountPaise > balancePaise)
    throw new AppError(
      'INVALID',
      `amount must be at most what you owe, ${formatAmount(toRupees(balancePaise), ORDER_CURRENCY)}`,
    );
  if (amountPaise < 100) throw new AppError('INVALID', 'amount must be at least ₹1 to pay online');
  return { customerId: customer.id, amountPaise };
}

/**
 * Posts online payment `paymentRef` (the provider's payment id) of `amountPaise` to customer
 * `customerId`'s khata, in transaction `tx` under a lock on the customer: once, whatever retries
 * come (the ref is unique, and looked for under the lock). Answers whether it posted now.
 * @throws AppError NOT_FOUND for no such customer.
 */
export async function postOnlinePayment(
  tx: EntityManager,
  customerId: string,
  payment: { amountPaise: number; paymentRef: string; note?: string },
): Promise<boolean> {
  const customer = await lockCustomer(tx, customerId);
  const posted = await tx
    .getKysely<KhataTables>()
    .selectFrom('khata_entries')
    .select('id')
    .where('payment_ref', '=', payment.paymentRef)
    .executeTakeFirst();
  if (posted) return false;
  await postEntry(tx, customer, {
    kind: 'payment',
    amountPaise: -payment.amountPaise,
    method: 'online',
    paymentRef: payment.paymentRef,
    note: payment.note ?? null,
  });
  return true;
}
