import { randomInt } from 'node:crypto';
import {
  khataCustomersAnswerSchema,
  khataEntriesAnswerSchema,
  khataImportAnswerSchema,
} from '@kirana/shared';
import { describe, expect, test } from 'vitest';
import { useSeller, useTestAppOfItsOwn } from '../../test/fixtures.js';

/** A mobile number no other test has (most likely): 9 and nine random digits. */
const newPhone = () => `9${String(randomInt(0, 1e9)).padStart(9, '0')}`;

describe('importing a paper khata', () => {
  // A database of its own: the list after an import is every customer there is.
  const app = useTestAppOfItsOwn();
  const seller = useSeller(app);

  const send = (csv: string) =>
    seller.post('/api/khata/import').attach('file', Buffer.from(csv), 'khata.csv');
  const everyone = async () =>
    khataCustomersAnswerSchema.parse((await seller.get('/api/khata/customers').expect(200)).body);

  test('customers and their opening balances, each balance one adjustment; a known phone changes the customer, never their balance', async () => {
    const known = newPhone();
    const before = await seller
      .post('/api/khata/customers')
      .send({ name: 'Old Name', phone: known, creditLimit: 100 })
      .expect(201);
    const [asha, bala, chitra] = [newPhone(), newPhone(), newPhone()];
    const csv = [
      'name,phone,creditLimit,balance,note',
      `Asha Rao,+91 ${asha},"2,000",1250.50,Pays on Sundays`,
      `Bala,${bala},0,-40,`,
      `Chitra,0${chitra},500,,`,
      `New Name,${known},300,999,Moved`,
    ].join('\r\n');
    const answer = khataImportAnswerSchema.parse((await send(csv).expect(200)).body);
    expect(answer).toMatchObject({ success: true, created: 3, updated: 1, errors: [] });
    expect(answer.message).toContain('rows 4');

    const { customers } = await everyone();
    const byPhone = new Map(customers.map((each) => [each.phone, each]));
    expect(byPhone.get(asha)).toMatchObject({
      name: 'Asha Rao',
      creditLimit: 2000,
      balance: 1250.5,
      note: 'Pays on Sundays',
    });
    expect(byPhone.get(bala)).toMatchObject({ balance: -40, creditLimit: 0, note: null });
    expect(byPhone.get(chitra)).toMatchObject({ balance: 0, creditLimit: 500 });
    expect(byPhone.get(known)).toMatchObject({
      _id: before.body.customer._id,
      name: 'New Name',
      creditLimit: 300,
      balance: 0,
      note: 'Moved',
    });
    const ledger = khataEntriesAnswerSchema.parse(
      (await seller.get(`/api/khata/customers/${byPhone.get(asha)!._id}/entries`).expect(200)).body,
    );
    expect(
      ledger.entries.map((entry) => [entry.kind, entry.amount, entry.balance, entry.note]),
    ).toEqual([['adjustment', 1250.5, 1250.5, 'Opening balance (imported)']]);
    const chitraLedger = await seller
      .get(`/api/khata/customers/${byPhone.get(chitra)!._id}/entries`)
      .expect(200);
    expect(chitraLedger.body.entries).toEqual([]);
  });

  test('a file with any bad row is refused, naming the rows, and nothing is written', async () => {
    const before = await everyone();
    const good = newPhone();
    const csv = [
      'name,phone,creditLimit,balance,note',
      `Good Customer,${good},100,50,`,
      `,${newPhone()},100,0,`,
      `Bad Phone,12345,100,0,`,
      `Bad Amount,${newPhone()},lots,1.234,`,
      `Twice,${good},0,0,`,
    ].join('\n');
    const refused = await send(csv).expect(400);
    const answer = khataImportAnswerSchema.parse(refused.body);
    expect(answer).toMatchObject({ success: false, code: 'INVALID', created: 0, updated: 0 });
    expect(answer.errors.map((error) => error.row)).toEqual([2, 3, 4, 4, 5]);
    expect(answer.errors[0]!.message).toMatch(/row 2 \(line 3\): name is required/);
    expect(answer.errors[4]!.message).toContain('row 1 too');
    expect((await everyone()).total).toBe(before.total);

    const header = await send('name,mobile\nX,9876543210\n').expect(400);
    expect(header.body.errors.map((error: { message: string }) => error.message)).toEqual([
      'unknown column "mobile": the columns are name, phone, creditLimit, balance, note',
      'the column phone is missing',
    ]);
    const missing = await seller.post('/api/khata/import').expect(400);
    expect(missing.body).toMatchObject({ success: false, code: 'INVALID' });
    const notUtf8 = await seller
      .post('/api/khata/import')
      .attach('file', Buffer.from([0x6e, 0x61, 0x6d, 0x65, 0x0a, 0xff]), 'khata.csv')
      .expect(400);
    expect(notUtf8.body.message).toMatch(/not UTF-8/);
  });
});
