import { randomInt } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER, toRupees } from '@kirana/shared';
import fc from 'fast-check';
import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { AppError } from '../../lib/errors.js';
import { useSeller, useTestAppOfItsOwn } from '../../test/fixtures.js';
import { checkCredit, lockCustomer, postEntry } from './khata-ledger.js';

/** A mobile number no other test has (most likely): 9 and nine random digits. */
const newPhone = () => `9${String(randomInt(0, 1e9)).padStart(9, '0')}`;

/** One thing that happens to a khata, in paise: a credit is the counter's or an order's. */
type Step =
  | { kind: 'credit'; paise: number }
  | { kind: 'payment'; paise: number; method: 'cash' | 'upi' }
  | { kind: 'adjustment'; paise: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('credit' as const), paise: fc.integer({ min: 1, max: 500_000 }) }),
  fc.record({
    kind: fc.constant('payment' as const),
    paise: fc.integer({ min: 1, max: 500_000 }),
    method: fc.constantFrom('cash' as const, 'upi' as const),
  }),
  fc.record({
    kind: fc.constant('adjustment' as const),
    paise: fc.integer({ min: -300_000, max: 300_000 }).filter((paise) => paise !== 0),
  }),
);

describe('the khata ledger', () => {
  // A database of its own: nothing else writes on these customers.
  const app = useTestAppOfItsOwn();
  const seller = useSeller(app);

  async function newCustomer(creditLimit: number): Promise<string> {
    const made = await seller
      .post('/api/khata/customers')
      .send({ name: 'Property', phone: newPhone(), creditLimit })
      .expect(201);
    return made.body.customer._id as string;
  }

  /** The customer's kept balance, the sum of their entries, and their entries oldest first. */
  async function ledgerOf(customerId: string) {
    const db = app.orm.em.fork().getKysely();
    const { rows: kept } = await sql<{ balance_paise: string; owing_since: Date | null }>`
      select balance_paise, owing_since from khata_customers where id = ${customerId}`.execute(db);
    const { rows: entries } = await sql<{ amount_paise: string; balance_paise: string }>`
      select amount_paise, balance_paise from khata_entries where customer_id = ${customerId}
      order by created_at, id`.execute(db);
    return {
      balance: Number(kept[0]!.balance_paise),
      owingSince: kept[0]!.owing_since,
      entries: entries.map((entry) => [Number(entry.amount_paise), Number(entry.balance_paise)]),
    };
  }

  test('after any credits, payments and adjustments, the balance is the sum of the entries, each entry’s balance the running sum', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        const customerId = await newCustomer(0);
        for (const each of steps) {
          if (each.kind === 'credit') {
            await app.orm.em.fork().transactional(async (tx) => {
              await postEntry(tx, await lockCustomer(tx, customerId), {
                kind: 'credit',
                amountPaise: each.paise,
              });
            });
          } else if (each.kind === 'payment') {
            await seller
              .post(`/api/khata/customers/${customerId}/payments`)
              .send({ amount: toRupees(each.paise), method: each.method })
              .expect(201);
          } else {
            await seller
              .post(`/api/khata/customers/${customerId}/adjustments`)
              .send({ amount: toRupees(each.paise), reason: 'Property' })
              .expect(201);
          }
        }
        const { balance, owingSince, entries } = await ledgerOf(customerId);
        const signed = steps.map((each) => (each.kind === 'payment' ? -each.paise : each.paise));
        let running = 0;
        const expected = signed.map((amount) => [amount, (running += amount)]);
        expect(entries).toEqual(expected);
        expect(balance).toBe(running);
        expect(owingSince !== null).toBe(balance > 0);
        const answer = await seller.get(`/api/khata/customers/${customerId}`).expect(200);
        expect(answer.body.customer.balance).toBe(toRupees(balance));
      }),
      { numRuns: 15 },
    );
  });

  test('twenty credits at once never pass the limit: exactly as many succeed as fit', async () => {
    // A limit of ₹1,000 and credits of ₹130: seven fit (₹910), the eighth would pass it.
    const customerId = await newCustomer(1000);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        app.orm.em.fork().transactional(async (tx) => {
          const customer = await lockCustomer(tx, customerId);
          checkCredit(customer, 13_000);
          await postEntry(tx, customer, { kind: 'credit', amountPaise: 13_000 });
        }),
      ),
    );
    const refused = results.filter((result) => result.status === 'rejected');
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(7);
    expect(refused).toHaveLength(13);
    for (const result of refused) {
      const error = (result as PromiseRejectedResult).reason as AppError;
      expect(error).toBeInstanceOf(AppError);
      expect(error.code).toBe('CREDIT_LIMIT');
    }
    const { balance, entries } = await ledgerOf(customerId);
    expect(balance).toBe(91_000);
    expect(entries.map(([, after]) => after)).toEqual([1, 2, 3, 4, 5, 6, 7].map((n) => n * 13_000));
  });

  test('a payment and credits racing each other leave the balance the sum of its entries', async () => {
    const customerId = await newCustomer(100_000);
    await Promise.all([
      ...Array.from({ length: 8 }, () =>
        app.orm.em.fork().transactional(async (tx) => {
          await postEntry(tx, await lockCustomer(tx, customerId), {
            kind: 'credit',
            amountPaise: 2_500,
          });
        }),
      ),
      ...Array.from({ length: 4 }, (_, index) =>
        seller
          .post(`/api/khata/customers/${customerId}/payments`)
          .set(IDEMPOTENCY_KEY_HEADER, `race-${customerId}-${index}`)
          .send({ amount: 10, method: 'cash' })
          .expect(201),
      ),
    ]);
    const { balance, entries } = await ledgerOf(customerId);
    expect(balance).toBe(8 * 2_500 - 4 * 1_000);
    let running = 0;
    for (const [amount, after] of entries) expect(after).toBe((running += amount!));
  });
});
