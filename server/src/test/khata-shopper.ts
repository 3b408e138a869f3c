import { randomInt } from 'node:crypto';
import type { KhataTables } from '../modules/khata/khata.entity.js';
import { lockCustomer, postEntry } from '../modules/khata/khata-ledger.js';
import { uuidv7 } from 'uuidv7';
import type { TestApp } from './app.js';

/**
 * A khata customer (straight into the tables, as the seller's routes would make one) linked to
 * shopper `shopperId` (none: unlinked), with a credit limit and an opening balance in paise.
 */
export async function khataCustomer(
  app: TestApp,
  {
    shopperId = null as string | null,
    limitPaise = 500_000,
    owedPaise = 0,
    name = 'Asha Rao',
  } = {},
): Promise<{ id: string }> {
  const id = uuidv7();
  await app.orm.em.fork().transactional(async (tx) => {
    const now = new Date();
    await tx
      .getKysely<KhataTables>()
      .insertInto('khata_customers')
      .values({
        id,
        name,
        phone: `9${String(randomInt(1_000_000_000)).padStart(9, '0')}`,
        credit_limit_paise: limitPaise,
        shopper_id: shopperId,
        balance_paise: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    if (owedPaise !== 0)
      await postEntry(tx, await lockCustomer(tx, id), {
        kind: 'adjustment',
        amountPaise: owedPaise,
        note: 'opening balance',
      });
  });
  return { id };
}
