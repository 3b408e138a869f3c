import { randomInt, randomUUID } from 'node:crypto';
import {
  IDEMPOTENCY_KEY_HEADER,
  KHATA_PAGE_SIZE,
  khataCustomerAnswerSchema,
  khataCustomersAnswerSchema,
  khataEntriesAnswerSchema,
  khataEntryAnswerSchema,
  khataReminderAnswerSchema,
  khataShoppersAnswerSchema,
  type KhataCustomer,
} from '@kirana/shared';
import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { signUpShopper } from '../../test/factories.js';
import { useSeller, useTestAppOfItsOwn } from '../../test/fixtures.js';
import { connect, listen } from '../../test/sockets.js';
import { lockCustomer, postEntry, type KhataPosting } from './khata-ledger.js';

/** A mobile number no other test has (most likely): 9 and nine random digits. */
const newPhone = () => `9${String(randomInt(0, 1e9)).padStart(9, '0')}`;

describe('the khata', () => {
  // A database of its own: pages, totals and "to collect" count every customer there is.
  const app = useTestAppOfItsOwn();
  const seller = useSeller(app);

  const create = (body: object) => seller.post('/api/khata/customers').send(body);
  async function customer(overrides: object = {}): Promise<KhataCustomer> {
    const body = { name: 'Asha Rao', phone: newPhone(), creditLimit: 1000, ...overrides };
    return khataCustomerAnswerSchema.parse((await create(body).expect(201)).body).customer;
  }
  /** Writes `posting` on the ledger as the counter or the storefront would, at `at`. */
  async function post(customerId: string, posting: KhataPosting) {
    await app.orm.em.fork().transactional(async (tx) => {
      await postEntry(tx, await lockCustomer(tx, customerId), posting);
    });
  }
  const pay = (id: string, body: object, key?: string) => {
    const request = seller.post(`/api/khata/customers/${id}/payments`);
    if (key) request.set(IDEMPOTENCY_KEY_HEADER, key);
    return request.send(body);
  };
  const adjust = (id: string, body: object) =>
    seller.post(`/api/khata/customers/${id}/adjustments`).send(body);
  const read = async (id: string) =>
    khataCustomerAnswerSchema.parse(
      (await seller.get(`/api/khata/customers/${id}`).expect(200)).body,
    ).customer;
  const entriesOf = async (id: string, before?: string) =>
    khataEntriesAnswerSchema.parse(
      (
        await seller
          .get(`/api/khata/customers/${id}/entries`)
          .query(before ? { before } : {})
          .expect(200)
      ).body,
    );

  test('the seller adds a customer, the phone kept as its ten digits, and changes them', async () => {
    const phone = newPhone();
    const typed = `+91 ${phone.slice(0, 5)}-${phone.slice(5)}`;
    const added = await create({ name: ' Meena Iyer ', phone: typed, creditLimit: 500.5 }).expect(
      201,
    );
    const made = khataCustomerAnswerSchema.parse(added.body).customer;
    expect(made).toMatchObject({
      name: 'Meena Iyer',
      phone,
      creditLimit: 500.5,
      shopper: null,
      note: null,
      balance: 0,
      oldestUnpaidAt: null,
    });
    expect(await read(made._id)).toEqual(made);

    const other = newPhone();
    const changed = await seller
      .put(`/api/khata/customers/${made._id}`)
      .send({ name: 'Meena K. Iyer', phone: `0${other}`, creditLimit: 0, note: 'Pays Sundays' })
      .expect(200);
    expect(khataCustomerAnswerSchema.parse(changed.body).customer).toMatchObject({
      _id: made._id,
      name: 'Meena K. Iyer',
      phone: other,
      creditLimit: 0,
      note: 'Pays Sundays',
    });
    await seller.get(`/api/khata/customers/${randomUUID()}`).expect(404);
    await seller
      .put(`/api/khata/customers/${randomUUID()}`)
      .send({ name: 'Nobody', phone: newPhone(), creditLimit: 0 })
      .expect(404);
  });

  test('a phone is one customer’s: another gets 409 PHONE_TAKEN naming who has it', async () => {
    const first = await customer({ name: 'Farida Khan' });
    const refused = await create({
      name: 'Someone',
      phone: `91${first.phone}`,
      creditLimit: 0,
    }).expect(409);
    expect(refused.body).toMatchObject({ success: false, code: 'PHONE_TAKEN' });
    expect(refused.body.message).toContain('Farida Khan');
    const second = await customer({ name: 'Gopal' });
    const moved = await seller
      .put(`/api/khata/customers/${second._id}`)
      .send({ name: 'Gopal', phone: first.phone, creditLimit: 0 })
      .expect(409);
    expect(moved.body.code).toBe('PHONE_TAKEN');
    // Their own phone again is no clash.
    await seller
      .put(`/api/khata/customers/${first._id}`)
      .send({ name: 'Farida', phone: first.phone, creditLimit: 0 })
      .expect(200);
    // Five at once with one new phone: one is added, the others told who has it.
    const racing = newPhone();
    const raced = await Promise.all(
      ['One', 'Two', 'Three', 'Four', 'Five'].map((name) =>
        create({ name, phone: racing, creditLimit: 0 }),
      ),
    );
    expect(raced.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409]);
    const lost = raced.find((answer) => answer.status === 409)!;
    expect(lost.body.code).toBe('PHONE_TAKEN');
    const bad = await create({ name: 'X', phone: '12345', creditLimit: 0 }).expect(400);
    expect(bad.body).toMatchObject({ success: false, code: 'INVALID' });
  });

  test('a customer links an existing shopper account, one customer to an account', async () => {
    const shopper = await signUpShopper(app, 'Linked Shopper');
    const linked = await customer({ shopper: shopper.id });
    expect(linked.shopper).toEqual({
      _id: shopper.id,
      name: 'Linked Shopper',
      email: shopper.email,
    });
    const taken = await create({
      name: 'B',
      phone: newPhone(),
      creditLimit: 0,
      shopper: shopper.id,
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toContain(linked.name);
    const none = await create({
      name: 'C',
      phone: newPhone(),
      creditLimit: 0,
      shopper: randomUUID(),
    });
    expect(none.status).toBe(400);
    // Unlinked (null), the account is free again.
    await seller
      .put(`/api/khata/customers/${linked._id}`)
      .send({ name: linked.name, phone: linked.phone, creditLimit: 1000, shopper: null })
      .expect(200);
    await customer({ shopper: shopper.id });

    const found = khataShoppersAnswerSchema.parse(
      (await seller.get('/api/khata/shoppers').query({ q: 'LINKED shop' }).expect(200)).body,
    );
    expect(found.shoppers).toEqual([
      { _id: shopper.id, name: 'Linked Shopper', email: shopper.email },
    ]);
    const byEmail = await seller.get('/api/khata/shoppers').query({ q: shopper.email }).expect(200);
    expect(byEmail.body.shoppers).toHaveLength(1);
  });

  test('payments and adjustments move the balance; the ledger lists them newest first with running balances', async () => {
    const ravi = await customer({ name: 'Ravi', creditLimit: 2000 });
    const counter = listen(await connect(app.socket('seller', seller)));
    await post(ravi._id, { kind: 'credit', amountPaise: 150_000 });
    const paid = khataEntryAnswerSchema.parse(
      (await pay(ravi._id, { amount: 400, method: 'cash' }).expect(201)).body,
    );
    expect(paid.entry).toMatchObject({
      kind: 'payment',
      amount: -400,
      balance: 1100,
      method: 'cash',
    });
    expect(paid.customer.balance).toBe(1100);
    await counter.waitFor('till:updated');
    await counter.waitFor<KhataCustomer>('khata:updated', (heard) => heard.balance === 1100);

    await pay(ravi._id, { amount: 100, method: 'upi', note: 'GPay' }).expect(201);
    const adjusted = await adjust(ravi._id, { amount: -50.25, reason: 'Rounded off' }).expect(201);
    expect(adjusted.body.entry).toMatchObject({
      kind: 'adjustment',
      amount: -50.25,
      note: 'Rounded off',
    });
    await adjust(ravi._id, { amount: 10, reason: 'Bag charged' }).expect(201);
    const { entries, customer: now, more } = await entriesOf(ravi._id);
    expect(entries.map((entry) => [entry.kind, entry.amount, entry.balance])).toEqual([
      ['adjustment', 10, 959.75],
      ['adjustment', -50.25, 949.75],
      ['payment', -100, 1000],
      ['payment', -400, 1100],
      ['credit', 1500, 1500],
    ]);
    expect(now.balance).toBe(959.75);
    expect(more).toBe(false);
    // Paying more than is owed leaves the shop owing them, and nothing is owed since.
    await pay(ravi._id, { amount: 1000, method: 'upi' }).expect(201);
    expect(await read(ravi._id)).toMatchObject({ balance: -40.25, oldestUnpaidAt: null });

    expect((await pay(ravi._id, { amount: 0, method: 'cash' })).status).toBe(400);
    expect((await pay(ravi._id, { amount: 5, method: 'online' })).status).toBe(400);
    expect((await adjust(ravi._id, { amount: 5 })).status).toBe(400);
    expect((await adjust(ravi._id, { amount: 0, reason: 'none' })).status).toBe(400);
    expect((await pay(randomUUID(), { amount: 5, method: 'cash' })).status).toBe(404);
  });

  test('a limit below what the customer owes stands: it only stops new credit', async () => {
    const sunil = await customer({ name: 'Sunil', creditLimit: 500 });
    await post(sunil._id, { kind: 'credit', amountPaise: 40_000 });
    const lowered = await seller
      .put(`/api/khata/customers/${sunil._id}`)
      .send({ name: 'Sunil', phone: sunil.phone, creditLimit: 100 })
      .expect(200);
    expect(lowered.body.customer).toMatchObject({ balance: 400, creditLimit: 100 });
  });

  test('the ledger is never edited: UPDATE and DELETE of an entry fail in the database', async () => {
    const one = await customer();
    await pay(one._id, { amount: 10, method: 'upi' }).expect(201);
    const db = app.orm.em.fork().getKysely();
    await expect(
      sql`update khata_entries set amount_paise = -1 where customer_id = ${one._id}`.execute(db),
    ).rejects.toThrow(/append-only/);
    await expect(
      sql`delete from khata_entries where customer_id = ${one._id}`.execute(db),
    ).rejects.toThrow(/append-only/);
    expect((await entriesOf(one._id)).entries).toHaveLength(1);
  });

  test('a payment retried with the same Idempotency-Key is written once, however the retries race', async () => {
    const kiran = await customer({ name: 'Kiran' });
    await post(kiran._id, { kind: 'credit', amountPaise: 50_000 });
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => pay(kiran._id, { amount: 200, method: 'cash' }, key)),
    );
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.body.entry._id)).size).toBe(1);
    const again = await pay(kiran._id, { amount: 200, method: 'cash' }, key).expect(201);
    expect(again.body.entry._id).toBe(answers[0]!.body.entry._id);
    expect((await read(kiran._id)).balance).toBe(300);
    expect((await entriesOf(kiran._id)).entries).toHaveLength(2);
    const reused = await pay(kiran._id, { amount: 250, method: 'cash' }, key).expect(409);
    expect(reused.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    // Another key is another payment.
    await pay(kiran._id, { amount: 200, method: 'cash' }, randomUUID()).expect(201);
    expect((await read(kiran._id)).balance).toBe(100);
  });

  test('the ledger pages by `before`, newest first', async () => {
    const long = await customer({ name: 'Long Ledger' });
    for (let index = 0; index < KHATA_PAGE_SIZE + 3; index += 1)
      await post(long._id, { kind: 'credit', amountPaise: 100 + index });
    const first = await entriesOf(long._id);
    expect(first.entries).toHaveLength(KHATA_PAGE_SIZE);
    expect(first.more).toBe(true);
    const second = await entriesOf(long._id, first.entries.at(-1)!._id);
    expect(second.entries).toHaveLength(3);
    expect(second.more).toBe(false);
    expect(second.entries.map((entry) => entry.amount)).toEqual([1.02, 1.01, 1]);
    const other = await customer();
    await seller
      .get(`/api/khata/customers/${other._id}/entries`)
      .query({ before: first.entries[0]!._id })
      .expect(400);
  });
});

describe('finding customers', () => {
  const app = useTestAppOfItsOwn();
  const seller = useSeller(app);
  const list = async (query: Record<string, string> = {}) =>
    khataCustomersAnswerSchema.parse(
      (await seller.get('/api/khata/customers').query(query).expect(200)).body,
    );

  test('by name in any case or by phone digits, a page at a time; owing ones longest owing first', async () => {
    const phones: string[] = [];
    for (let index = 0; index < KHATA_PAGE_SIZE + 2; index += 1) {
      const phone = newPhone();
      phones.push(phone);
      await seller
        .post('/api/khata/customers')
        .send({ name: `Regular ${String(index).padStart(2, '0')}`, phone, creditLimit: 100 })
        .expect(201);
    }
    const everyone = await list();
    expect(everyone).toMatchObject({ total: KHATA_PAGE_SIZE + 2, page: 1, pages: 2, toCollect: 0 });
    expect(everyone.customers).toHaveLength(KHATA_PAGE_SIZE);
    expect(everyone.customers[0]!.name).toBe('Regular 00');
    const second = await list({ page: '2' });
    expect(second.customers.map((each) => each.name)).toEqual(['Regular 50', 'Regular 51']);

    expect((await list({ q: 'regular 07' })).customers.map((each) => each.name)).toEqual([
      'Regular 07',
    ]);
    const byPhone = await list({ q: `+91 ${phones[9]!.slice(0, 5)} ${phones[9]!.slice(5)}` });
    expect(byPhone.customers.map((each) => each.name)).toEqual(['Regular 09']);
    expect((await list({ q: '100%' })).total).toBe(0);

    // Three owe: the one owing longest first.
    const owing = [everyone.customers[3]!, everyone.customers[1]!, everyone.customers[2]!];
    const at = [new Date('2026-01-05T10:00:00Z'), new Date('2026-02-01T10:00:00Z'), new Date()];
    for (const [index, owes] of owing.entries()) {
      await app.orm.em.fork().transactional(async (tx) => {
        const locked = await lockCustomer(tx, owes._id);
        await postEntry(tx, locked, {
          kind: 'credit',
          amountPaise: 1000 * (index + 1),
          at: at[index]!,
        });
      });
    }
    // One is owed by the shop: not to collect.
    await app.orm.em.fork().transactional(async (tx) => {
      const locked = await lockCustomer(tx, everyone.customers[4]!._id);
      await postEntry(tx, locked, { kind: 'adjustment', amountPaise: -500, note: 'Advance' });
    });
    const owed = await list({ owing: 'true' });
    expect(owed.customers.map((each) => each.name)).toEqual(owing.map((each) => each.name));
    expect(owed).toMatchObject({ total: 3, pages: 1, toCollect: 60 });
    expect(owed.customers[0]!.oldestUnpaidAt).toBe('2026-01-05T10:00:00.000Z');

    const dashboard = await seller.get('/api/dashboard').expect(200);
    expect(dashboard.body.dashboard).toMatchObject({ toCollect: 60, owingCustomers: 3 });

    await seller.get('/api/khata/customers').query({ owing: 'yes' }).expect(400);
    await seller.get('/api/khata/customers').query({ page: '0' }).expect(400);
  });
});

describe('reminders and statements', () => {
  const app = useTestAppOfItsOwn();
  const seller = useSeller(app);

  async function owing(name: string, credits: Array<[string, number, string?]>) {
    const made = await seller
      .post('/api/khata/customers')
      .send({ name, phone: newPhone(), creditLimit: 5000 })
      .expect(201);
    const id = made.body.customer._id as string;
    for (const [at, amountPaise, note] of credits) {
      await app.orm.em.fork().transactional(async (tx) => {
        const locked = await lockCustomer(tx, id);
        await postEntry(tx, locked, {
          kind: amountPaise > 0 ? 'credit' : 'adjustment',
          amountPaise,
          at: new Date(at),
          note: note ?? null,
        });
      });
    }
    return { id, phone: made.body.customer.phone as string };
  }
  const reminder = async (id: string) =>
    khataReminderAnswerSchema.parse(
      (await seller.get(`/api/khata/customers/${id}/reminder`).expect(200)).body,
    );

  test('a reminder says what is due since when, with a UPI link for it and a WhatsApp link', async () => {
    await seller
      .put('/api/shop')
      .send({ name: 'Sharma & Sons', upiId: 'sharma@okaxis', upiName: '' })
      .expect(200);
    const { id, phone } = await owing('Asha Rao', [['2026-11-03T06:00:00Z', 125_050]]);
    const answer = await reminder(id);
    expect(answer.upiLink).toBe(
      'upi://pay?pa=sharma@okaxis&pn=Sharma%20%26%20Sons&am=1250.50&tn=Khata%20Asha%20Rao&cu=INR',
    );
    expect(answer.text).toContain('Sharma & Sons');
    expect(answer.text).toContain('₹1250.50 due');
    expect(answer.text).toContain('unpaid since 3 Nov 2026');
    expect(answer.text).toContain(answer.upiLink!);
    const whatsapp = new URL(answer.whatsappLink);
    expect(whatsapp.origin + whatsapp.pathname).toBe(`https://wa.me/91${phone}`);
    expect(whatsapp.searchParams.get('text')).toBe(answer.text);

    const clear = await owing('Clear Customer', []);
    expect((await reminder(clear.id)).upiLink).toBeNull();
    await seller.put('/api/shop').send({ upiId: '' }).expect(200);
    const noUpi = await reminder(id);
    expect(noUpi.upiLink).toBeNull();
    expect(noUpi.text).toContain('Please pay at the shop');
  });

  test('a statement for a period: opening balance, its entries, closing balance; as HTML and CSV', async () => {
    // Days of the shop in India: 2 Nov 00:30 IST is 1 Nov 19:00 UTC.
    const { id } = await owing('Ravi <b>&</b> Co', [
      ['2026-10-20T06:00:00Z', 10_000],
      ['2026-11-01T19:00:00Z', 20_000],
      ['2026-11-03T06:00:00Z', -5_000, '=HYPERLINK("http://x")'],
      ['2026-11-04T19:00:00Z', 7_000],
    ]);
    const statement = (query: object) =>
      seller.get(`/api/khata/customers/${id}/statement`).query(query);
    const html = await statement({ from: '2026-11-02', to: '2026-11-04' }).expect(200);
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(html.headers['content-security-policy']).toContain("default-src 'none'");
    expect(html.text).toContain('Ravi &lt;b&gt;&amp;&lt;/b&gt; Co');
    expect(html.text).not.toContain('<b>&</b>');
    expect(html.text).toMatch(/Opening balance<\/td><td><\/td><td>₹100\.00/);
    expect(html.text).toMatch(/Closing balance<\/td><td><\/td><td>₹250\.00/);
    // The 5th's entry (00:30 on the 5th in India) is after the period.
    expect(html.text).not.toContain('₹70.00');

    const csv = await statement({ from: '2026-11-02', to: '2026-11-04', format: 'csv' }).expect(
      200,
    );
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain('.csv');
    const rows = parse(csv.text, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((row) => row.When)).toEqual([
      '2 Nov 2026',
      '2 Nov 2026, 12:30 am',
      '3 Nov 2026, 11:30 am',
      '4 Nov 2026',
    ]);
    expect(
      rows.map((row) => [row.Entry, row.Details, row['Amount (₹)'], row['Balance (₹)']]),
    ).toEqual([
      ['Opening balance', '', '', '100.00'],
      ['Credit', '', '200.00', '300.00'],
      ['Adjustment', `'=HYPERLINK("http://x")`, '-50.00', '250.00'],
      ['Closing balance', '', '', '250.00'],
    ]);

    const empty = await statement({ from: '2026-01-01', to: '2026-01-31', format: 'csv' }).expect(
      200,
    );
    expect((parse(empty.text, { bom: true, columns: true }) as unknown[]).length).toBe(2);
    const backwards = await statement({ from: '2026-11-04', to: '2026-11-02' }).expect(400);
    expect(backwards.body).toMatchObject({ success: false, code: 'INVALID' });
    await statement({ from: '2026-11-02' }).expect(400);
    await seller
      .get(`/api/khata/customers/${randomUUID()}/statement`)
      .query({ from: '2026-11-02', to: '2026-11-04' })
      .expect(404);
  });
});
