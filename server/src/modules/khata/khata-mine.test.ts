import { KHATA_PAGE_SIZE, myKhataAnswerSchema } from '@kirana/shared';
import { describe, expect, test } from 'vitest';
import { useTestApp } from '../../test/fixtures.js';
import { signUpShopper } from '../../test/factories.js';
import { createKhataCustomer } from '../../test/khata-factory.js';
import { lockCustomer, postEntry } from './khata-ledger.js';

describe('the shopper sees their own khata', () => {
  const app = useTestApp();

  const mine = async (http: Awaited<ReturnType<typeof signUpShopper>>['http'], query = '') =>
    myKhataAnswerSchema.parse((await http.get(`/api/khata/mine${query}`).expect(200)).body).khata;

  test('a shopper the shop linked no khata to gets a null khata', async () => {
    const shopper = await signUpShopper(app);
    await createKhataCustomer(app.orm.em.fork(), { balancePaise: 10_000 });
    expect(await mine(shopper.http)).toBeNull();
  });

  test('a linked shopper sees their balance, limit, oldest unpaid day and entries, and never another khata', async () => {
    const asha = await signUpShopper(app, 'Asha Rao');
    const ravi = await signUpShopper(app, 'Ravi Kumar');
    await createKhataCustomer(app.orm.em.fork(), {
      shopper: asha.id,
      limitPaise: 200_000,
      balancePaise: 12_550,
    });
    await createKhataCustomer(app.orm.em.fork(), {
      shopper: ravi.id,
      limitPaise: 0,
      balancePaise: 99_900,
    });

    const ashas = await mine(asha.http);
    expect(ashas).toMatchObject({
      balance: 125.5,
      creditLimit: 2000,
      canPayLater: true,
      more: false,
    });
    expect(ashas?.oldestUnpaidAt).toBeTruthy();
    expect(ashas?.entries).toEqual([
      expect.objectContaining({ kind: 'adjustment', amount: 125.5, balance: 125.5 }),
    ]);

    const ravis = await mine(ravi.http);
    expect(ravis).toMatchObject({ balance: 999, creditLimit: 0, canPayLater: false });
    expect(ravis?.entries.map((entry) => entry.amount)).toEqual([999]);
  });

  test('entries come newest first, a page at a time, older ones after `before`', async () => {
    const shopper = await signUpShopper(app);
    const id = await createKhataCustomer(app.orm.em.fork(), {
      shopper: shopper.id,
      limitPaise: 500_000,
    });
    const count = KHATA_PAGE_SIZE + 3;
    await app.orm.em.fork().transactional(async (tx) => {
      const customer = await lockCustomer(tx, id);
      for (let i = 1; i <= count; i += 1)
        await postEntry(tx, customer, {
          kind: 'adjustment',
          amountPaise: 100,
          note: `entry ${i}`,
          at: new Date(Date.UTC(2026, 0, 1, 0, i)),
        });
    });

    const first = await mine(shopper.http);
    expect(first?.entries).toHaveLength(KHATA_PAGE_SIZE);
    expect(first?.more).toBe(true);
    expect(first?.entries[0]).toMatchObject({ note: `entry ${count}`, balance: count });
    const last = first?.entries.at(-1);
    const older = await mine(shopper.http, `?before=${last?._id}`);
    expect(older?.entries.map((entry) => entry.note)).toEqual(['entry 3', 'entry 2', 'entry 1']);
    expect(older?.more).toBe(false);
  });

  test("`before` naming another khata's entry is refused, and junk is a 400", async () => {
    const asha = await signUpShopper(app);
    const ravi = await signUpShopper(app);
    await createKhataCustomer(app.orm.em.fork(), { shopper: asha.id, balancePaise: 500 });
    await createKhataCustomer(app.orm.em.fork(), { shopper: ravi.id, balancePaise: 700 });
    const ravis = await mine(ravi.http);
    const refused = await asha.http
      .get(`/api/khata/mine?before=${ravis?.entries[0]?._id}`)
      .expect(400);
    expect(refused.body).toMatchObject({ success: false, code: 'INVALID' });
    await asha.http.get('/api/khata/mine?before=junk').expect(400);
  });

  test('without a shopper session the khata is not shown', async () => {
    await app.http().get('/api/khata/mine').expect(401);
  });
});
