import {
  agentCashAnswerSchema,
  agentLedgerAnswerSchema,
  agentListAnswerSchema,
  cashLineAnswerSchema,
  cashReportAnswerSchema,
  dayIn,
  shopDayBounds,
  toRupees,
} from '@kirana/shared';
import { parse } from 'csv-parse/sync';
import { describe, expect, test } from 'vitest';
import { useTestAppOfItsOwn, useSeller } from '../../test/fixtures.js';
import {
  collectCash,
  createAgent,
  deliveryPinOf,
  placeCodOrder,
  signInAgent,
  signUpShopper,
} from '../../test/factories.js';
import { payInSandbox } from '../../test/payments.js';
import { connect, listen } from '../../test/sockets.js';
import { AgentSchema } from '../agent/agent.entity.js';
import { OrderSchema } from '../order/order.entity.js';
import { CashLineSchema } from './cash-line.entity.js';

type Agent = Awaited<ReturnType<typeof signInAgent>>;

describe("the agents' cash", () => {
  // A database of its own: the day's report covers every agent there is.
  const app = useTestAppOfItsOwn();
  const seller = useSeller(app);

  const cashOf = async (agent: Agent) =>
    agentCashAnswerSchema.parse((await agent.http.get('/api/agents/cash').expect(200)).body);
  const handover = (agentId: string, body: unknown) =>
    seller.post(`/api/agents/${agentId}/handover`).send(body as object);
  const correction = (agentId: string, body: unknown) =>
    seller.post(`/api/agents/${agentId}/correction`).send(body as object);
  const linesOf = (agentId: string) => app.orm.em.fork().count(CashLineSchema, { agent: agentId });

  test('cash taken at the door is a line of the agent’s ledger, live on the phone and at the counter', async () => {
    const ravi = await signInAgent(app, 'Ravi');
    const phone = listen(await connect(app.socket('agents', ravi.http)));
    const counter = listen(await connect(app.socket('seller', seller)));
    expect(await cashOf(ravi)).toEqual({ success: true, cashInHand: 0, lines: [] });

    const first = await collectCash(app, ravi);
    const second = await collectCash(app, ravi);
    const total = first.amountPaise + second.amountPaise;
    const cash = await cashOf(ravi);
    expect(cash.cashInHand).toBe(toRupees(total));
    expect(cash.lines.map((line) => [line.kind, line.amount, line.orderId, line.by])).toEqual([
      ['collection', toRupees(second.amountPaise), second.id, 'agent'],
      ['collection', toRupees(first.amountPaise), first.id, 'agent'],
    ]);
    expect(cash.lines.map((line) => line.balance)).toEqual([
      toRupees(total),
      toRupees(first.amountPaise),
    ]);
    const heard = await phone.waitFor(
      'cash:updated',
      (payload) => payload.cashInHand === toRupees(total),
    );
    expect(heard).toEqual({ cashInHand: cash.cashInHand, lines: cash.lines });
    await counter.waitFor('agents:updated');
    const team = agentListAnswerSchema.parse((await seller.get('/api/agents').expect(200)).body);
    expect(team.agents.find((agent) => agent._id === ravi.agent.id)).toMatchObject({
      cashInHand: toRupees(total),
      onDuty: true,
    });
    // The cash stays with the agent when the order is delivered.
    const pin = await deliveryPinOf(app, first.id);
    await ravi.http
      .put(`/api/agents/status/${first.id}`)
      .send({ status: 'Delivered', pin })
      .expect(200);
    expect((await cashOf(ravi)).cashInHand).toBe(toRupees(total));
  });

  test('the seller records a handover, in part or in full, never more than the agent holds', async () => {
    const imran = await signInAgent(app, 'Imran');
    const phone = listen(await connect(app.socket('agents', imran.http)));
    const { amountPaise } = await collectCash(app, imran);
    const id = imran.agent.id;

    const tooMuch = toRupees(amountPaise + 1);
    const refused = await handover(id, { amount: tooMuch }).expect(409);
    expect(refused.body).toEqual({
      success: false,
      message: `Imran has ₹${toRupees(amountPaise).toFixed(2)} in hand: a handover cannot be more than that`,
      code: 'CONFLICT',
    });
    expect(await linesOf(id)).toBe(1);

    const part = cashLineAnswerSchema.parse(
      (await handover(id, { amount: 10.5, note: 'Evening drop' }).expect(201)).body,
    );
    expect(part).toMatchObject({
      message: 'Handover of ₹10.50 recorded',
      cashInHand: toRupees(amountPaise - 1050),
      line: { kind: 'handover', amount: -10.5, note: 'Evening drop', by: 'seller' },
    });
    await phone.waitFor('cash:updated', (cash) => cash.cashInHand === part.cashInHand);

    const rest = cashLineAnswerSchema.parse(
      (await handover(id, { amount: toRupees(amountPaise - 1050) }).expect(201)).body,
    );
    expect(rest.cashInHand).toBe(0);
    expect(rest.line.note).toBeNull();
    await handover(id, { amount: 0.01 }).expect(409);
    expect((await cashOf(imran)).lines.map((line) => line.kind)).toEqual([
      'handover',
      'handover',
      'collection',
    ]);
  });

  test.each([
    [{}, 'amount must be a number of rupees'],
    [{ amount: '10' }, 'amount must be a number of rupees'],
    [{ amount: 0 }, 'amount must be more than 0 and at most 10000000'],
    [{ amount: -5 }, 'amount must be more than 0 and at most 10000000'],
    [{ amount: 10.005 }, 'amount must have at most two decimals (whole paise)'],
    [{ amount: 1e-18 }, 'amount must be more than 0 and at most 10000000'],
    [{ amount: 1e12 }, 'amount must be more than 0 and at most 10000000'],
    [{ amount: 10, note: 'x'.repeat(201) }, 'note must be at most 200 characters'],
    [{ amount: 10, note: 5 }, 'note must be text'],
  ])('a handover of %j is refused with 400 and writes nothing', async (body, message) => {
    const agent = await createAgent(app.orm.em.fork(), 'Zoya');
    await handover(agent.id, body).expect(400, { success: false, message, code: 'INVALID' });
    expect(await linesOf(agent.id)).toBe(0);
  });

  test('a correction adds or takes off, with a note, never below nothing; lines are never edited', async () => {
    const sunil = await signInAgent(app, 'Sunil');
    const id = sunil.agent.id;
    await correction(id, { amount: 25 }).expect(400, {
      success: false,
      message: 'note is required: say what the correction puts right',
      code: 'INVALID',
    });
    await correction(id, { amount: 0, note: 'x' }).expect(400);
    // Less than a paisa either way is none, never a 500 from the ledger's check.
    for (const amount of [1e-18, -1e-18]) {
      await correction(id, { amount, note: 'x' }).expect(400, {
        success: false,
        message: 'amount must not be 0 and at most 10000000 either way',
        code: 'INVALID',
      });
    }
    await correction(id, { amount: -1, note: 'Counted wrong' }).expect(409);
    const added = cashLineAnswerSchema.parse(
      (await correction(id, { amount: 25.25, note: 'Change carried from yesterday' }).expect(201))
        .body,
    );
    expect(added.line).toMatchObject({ kind: 'correction', amount: 25.25, by: 'seller' });
    const taken = cashLineAnswerSchema.parse(
      (await correction(id, { amount: -5.25, note: 'Counted wrong' }).expect(201)).body,
    );
    expect(taken.cashInHand).toBe(20);

    // The table itself refuses an edit or a deletion.
    const connection = app.orm.em.fork().getConnection();
    await expect(
      connection.execute(`update agent_cash_lines set amount_paise = 1 where agent_id = ?`, [id]),
    ).rejects.toThrow(/append-only/);
    await expect(
      connection.execute(`delete from agent_cash_lines where agent_id = ?`, [id]),
    ).rejects.toThrow(/append-only/);
    expect(await linesOf(id)).toBe(2);
  });

  test('cancelling an order paid in cash takes the cash off its agent: it goes back to the shopper', async () => {
    const meena = await signInAgent(app, 'Meena');
    const { id, amountPaise } = await collectCash(app, meena);
    await seller
      .post('/api/order/seller/cancel')
      .send({ orderId: id, reason: 'Shopper changed their mind' })
      .expect(200);
    const cash = await cashOf(meena);
    expect(cash.cashInHand).toBe(0);
    expect(cash.lines[0]).toMatchObject({
      kind: 'correction',
      amount: -toRupees(amountPaise),
      orderId: id,
      by: 'system',
    });
    expect(cash.lines[0]?.note).toMatch(/cancelled: the cash goes back to the shopper$/);
  });

  test('cash already handed over for a cancelled order comes back from the till; the agent never goes below nothing', async () => {
    const tara = await signInAgent(app, 'Tara');
    const { id, amountPaise } = await collectCash(app, tara);
    const part = 1000;
    await handover(tara.agent.id, { amount: toRupees(amountPaise - part) }).expect(201);
    // The seller cancels while a second handover of what is left races it.
    const [cancelled, handed] = await Promise.all([
      seller
        .post('/api/order/seller/cancel')
        .send({ orderId: id, reason: 'Wrong address' })
        .expect(200),
      handover(tara.agent.id, { amount: toRupees(part) }),
    ]);
    const cash = await cashOf(tara);
    expect(cash.cashInHand).toBe(0);
    expect(cash.lines.every((line) => line.balance >= 0)).toBe(true);
    // Whichever went first, the shopper gets all the cash back: from Tara what she still
    // held, the rest from the till, as the order's history says.
    const fromTill = handed.status === 201 ? amountPaise : amountPaise - part;
    expect(cancelled.body.order.status).toBe('Cancelled');
    const history = await seller.get(`/api/order/${id}/history`).expect(200);
    const note = history.body.events.at(-1).note as string;
    expect(note).toBe(
      `₹${toRupees(amountPaise).toFixed(2)} was paid in cash: give it back by hand (₹${toRupees(fromTill).toFixed(2)} of it from the till); Wrong address`,
    );
  });

  test('only the agent reads their cash, only the seller the ledgers and the report', async () => {
    const agent = await signInAgent(app, 'Kiran');
    const shopper = await signUpShopper(app);
    await app.agent().get('/api/agents/cash').expect(401);
    await seller.get('/api/agents/cash').expect(401);
    for (const http of [agent.http, shopper.http, app.agent()]) {
      await http.get(`/api/agents/${agent.agent.id}/ledger`).expect(401);
      await http.post(`/api/agents/${agent.agent.id}/handover`).send({ amount: 1 }).expect(401);
      await http.get('/api/agents/report?date=2026-11-24').expect(401);
    }
    await seller.get('/api/agents/0190a5b2-7c3e-7a10-8000-000000000000/ledger').expect(404);
    await handover('0190a5b2-7c3e-7a10-8000-000000000000', { amount: 1 }).expect(404, {
      success: false,
      message: 'Agent not found',
      code: 'NOT_FOUND',
    });
    const ledger = agentLedgerAnswerSchema.parse(
      (await seller.get(`/api/agents/${agent.agent.id}/ledger`).expect(200)).body,
    );
    expect(ledger).toMatchObject({ agent: { name: 'Kiran' }, cashInHand: 0, lines: [] });
  });

  test('the day’s report gives each agent’s figures for a scripted day, balancing to the ledger, as JSON and CSV', async () => {
    // A scripted day: yesterday Asha kept ₹100 in hand (a line written then, as the shop did).
    const asha = await signInAgent(app, '=Asha');
    // The shop's today, in its time zone (the spec's shop: Asia/Kolkata).
    const date = dayIn(new Date(), 'Asia/Kolkata');
    const em = app.orm.em.fork();
    em.create(CashLineSchema, {
      agent: asha.agent.id,
      kind: 'correction',
      amountPaise: 10_000,
      note: 'Float for change',
      by: 'seller',
      createdAt: new Date(shopDayBounds(date, 'Asia/Kolkata').start.getTime() - 60_000),
    });
    await em.flush();
    // Today: two orders in cash (one delivered), one collected online at the door and
    // delivered, a handover of ₹50 and a correction of −₹1.25.
    const one = await collectCash(app, asha);
    const two = await collectCash(app, asha);
    const online = await placeCodOrder(app, await signUpShopper(app));
    await asha.http.post('/api/agents/accept').send({ orderId: online }).expect(200);
    await asha.http.put(`/api/agents/status/${online}`).send({ status: 'Picked' }).expect(200);
    const opened = await asha.http
      .post('/api/agents/order/razorpay')
      .send({ receipt: online, currency: 'INR' })
      .expect(200);
    const callback = await payInSandbox(app, opened.body.order.id);
    await asha.http
      .post('/api/agents/order/verify')
      .send({ ...callback, orderId: online })
      .expect(200);
    for (const id of [one.id, online]) {
      await asha.http
        .put(`/api/agents/status/${id}`)
        .send({ status: 'Delivered', pin: await deliveryPinOf(app, id) })
        .expect(200);
    }
    await handover(asha.agent.id, { amount: 50 }).expect(201);
    await correction(asha.agent.id, { amount: -1.25, note: 'Short in the till' }).expect(201);
    const onlinePaise = (await app.orm.em.fork().findOneOrFail(OrderSchema, { id: online }))
      .amountPaise;

    // The shop's midnight may pass during the script (CI meets this test at any hour): then the
    // report of each day it touched, chained, must add up to the script.
    const lastDate = dayIn(new Date(), 'Asia/Kolkata');
    const dates = lastDate === date ? [date] : [date, lastDate];
    const reports = await Promise.all(
      dates.map(async (day) =>
        cashReportAnswerSchema.parse(
          (await seller.get(`/api/agents/report?date=${day}`).expect(200)).body,
        ),
      ),
    );
    const rows = reports.map((report) =>
      report.agents.find((each) => each.agent._id === asha.agent.id),
    );
    const collected = one.amountPaise + two.amountPaise;
    const paise = (rupees: number) => Math.round(rupees * 100);
    const summed = (key: 'cashCollected' | 'onlineCollected' | 'corrections' | 'handedOver') =>
      rows.reduce((sum, row) => sum + paise(row![key]), 0);
    expect(rows[0]?.agent).toEqual({
      _id: asha.agent.id,
      name: '=Asha',
      phone: asha.agent.phone,
      removed: false,
    });
    expect(rows.reduce((sum, row) => sum + row!.deliveries, 0)).toBe(2);
    expect(summed('cashCollected')).toBe(collected);
    expect(summed('onlineCollected')).toBe(onlinePaise);
    expect(summed('corrections')).toBe(-125);
    expect(summed('handedOver')).toBe(5000);
    // The script's first day opens with yesterday's float; a day after it, with its closing.
    rows.reduce((opening, row) => {
      expect(paise(row!.openingInHand)).toBe(opening);
      expect(paise(row!.closingInHand)).toBe(
        opening + paise(row!.cashCollected) + paise(row!.corrections) - paise(row!.handedOver),
      );
      return paise(row!.closingInHand);
    }, 10_000);
    const closing = rows.at(-1)!.closingInHand;
    expect(closing).toBe(toRupees(10_000 + collected - 125 - 5000));
    expect(closing).toBe((await cashOf(asha)).cashInHand);
    // The totals are the sums of the rows, to the paisa.
    for (const report of reports) {
      const sum = (key: 'cashCollected' | 'closingInHand' | 'handedOver') =>
        toRupees(report.agents.reduce((total, each) => total + paise(each[key]), 0));
      expect(report.totals.cashCollected).toBe(sum('cashCollected'));
      expect(report.totals.handedOver).toBe(sum('handedOver'));
      expect(report.totals.closingInHand).toBe(sum('closingInHand'));
    }

    // Yesterday, Asha only had the float.
    const yesterday = new Date(shopDayBounds(date, 'Asia/Kolkata').start.getTime() - 1);
    const before = [yesterday.getFullYear(), yesterday.getMonth() + 1, yesterday.getDate()]
      .map((part) => String(part).padStart(2, '0'))
      .join('-');
    const earlier = cashReportAnswerSchema.parse(
      (await seller.get(`/api/agents/report?date=${before}`).expect(200)).body,
    );
    expect(earlier.agents.find((each) => each.agent._id === asha.agent.id)).toMatchObject({
      openingInHand: 0,
      corrections: 100,
      closingInHand: 100,
      deliveries: 0,
    });

    for (const [index, day] of dates.entries()) {
      const csv = await seller.get(`/api/agents/report?date=${day}&format=csv`).expect(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toBe(
        `attachment; filename="kirana-agents-cash-${day}.csv"`,
      );
      expect(csv.text.startsWith('\uFEFF')).toBe(true);
      const lines = csv.text.slice(1).trimEnd().split('\r\n');
      expect(lines[0]).toBe(
        'Agent,Phone,Deliveries,In hand at start (₹),Cash collected (₹),Online at the door (₹),Corrections (₹),Handed over (₹),In hand at end (₹)',
      );
      // The day's figures as the JSON gave them; a name a spreadsheet would run as a formula is
      // written as text.
      const row = rows[index]!;
      const money = [
        row.openingInHand,
        row.cashCollected,
        row.onlineCollected,
        row.corrections,
        row.handedOver,
        row.closingInHand,
      ].map((rupees) => rupees.toFixed(2));
      expect(lines).toContain(`'=Asha,'${asha.agent.phone},${row.deliveries},${money.join(',')}`);
      expect(lines.at(-1)).toMatch(/^Total,,\d+,/);
    }
  });

  test('the CSV writes as text a formula on any line of a name, not only its first', async () => {
    const names = ['Ravi\n=HYPERLINK("http://evil.example","Pay here")', "Asha\r=cmd|'/C calc'!A0"];
    // Names are refused line breaks now; these were saved before that.
    const em = app.orm.em.fork();
    for (const name of names) {
      await seller
        .post('/api/agents/create')
        .send({ name, phone: `+91${Math.floor(6e9 + Math.random() * 3e9)}` })
        .expect(400);
      em.create(AgentSchema, { name, phone: `+91${Math.floor(6e9 + Math.random() * 3e9)}` });
    }
    await em.flush();
    // The shop's today, in its time zone (the spec's shop: Asia/Kolkata).
    const date = dayIn(new Date(), 'Asia/Kolkata');
    const csv = await seller.get(`/api/agents/report?date=${date}&format=csv`).expect(200);
    const cells = (parse(csv.text, { bom: true }) as string[][]).map((row) => row[0]!);
    expect(cells).toContain('Ravi\n\'=HYPERLINK("http://evil.example","Pay here")');
    expect(cells).toContain("Asha\r'=cmd|'/C calc'!A0");
    for (const line of cells.flatMap((cell) => cell.split(/\r\n|\r|\n/)))
      expect(line).not.toMatch(/^[=+\-@\t]/);
  });

  test.each([
    ['', 'date is required, as YYYY-MM-DD'],
    ['?date=24-11-2026', 'date must be a day as YYYY-MM-DD'],
    ['?date=2026-02-30', 'date must be a day of the calendar'],
    ['?date=2026-11-24&format=pdf', 'format must be json or csv'],
  ])('a report asked as %j is refused with 400', async (query, message) => {
    await seller
      .get(`/api/agents/report${query}`)
      .expect(400, { success: false, message, code: 'INVALID' });
  });
});
