import { randomInt } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { checkCredit, lockCustomer, postEntry } from '../modules/khata/khata-ledger.js';
import { KhataCustomerSchema } from '../modules/khata/khata.entity.js';

/** An Indian mobile number no other test's customer has (phones are unique). */
const mobile = () => `9${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;

/**
 * A saved khata customer with a credit limit of `limitPaise` (and the shopper account `shopper`
 * linked, when given), owing `balancePaise` through an opening adjustment; answers their id.
 */
export async function createKhataCustomer(
  em: EntityManager,
  {
    name = 'Asha Rao',
    limitPaise = 100_000,
    balancePaise = 0,
    shopper,
  }: { name?: string; limitPaise?: number; balancePaise?: number; shopper?: string } = {},
): Promise<string> {
  const customer = em.create(KhataCustomerSchema, {
    name,
    phone: mobile(),
    creditLimitPaise: limitPaise,
    ...(shopper && { shopper }),
    note: null,
  });
  await em.flush();
  if (balancePaise !== 0)
    await postKhataEntry(em, customer.id, {
      kind: 'adjustment',
      amountPaise: balancePaise,
      note: 'Opening balance',
    });
  return customer.id;
}

/** Writes `posting` to customer `customerId`'s khata in a transaction of its own, as a route would. */
export async function postKhataEntry(
  em: EntityManager,
  customerId: string,
  posting: Parameters<typeof postEntry>[2],
) {
  return em.fork().transactional(async (tx) => {
    const customer = await lockCustomer(tx, customerId);
    if (posting.kind === 'credit') checkCredit(customer, posting.amountPaise);
    return postEntry(tx, customer, posting);
  });
}

/** What customer `customerId` owes, and the sum of their entries (always the same), in paise. */
export async function khataOf(em: EntityManager, customerId: string) {
  const row = await em
    .fork()
    .getConnection()
    .execute<Array<{ balance: string; sum: string; entries: string }>>(
      `select c.balance_paise as balance, coalesce(sum(e.amount_paise), 0) as sum, count(e.id) as entries
       from khata_customers c left join khata_entries e on e.customer_id = c.id
       where c.id = ? group by c.id`,
      [customerId],
    );
  const [first] = row;
  if (!first) throw new Error(`no khata customer ${customerId}`);
  return {
    balancePaise: Number(first.balance),
    sumPaise: Number(first.sum),
    entries: Number(first.entries),
  };
}
