import { counterDayAnswerSchema, counterDaysAnswerSchema, toRupees } from '@kirana/shared';
import { describe, expect, test } from 'vitest';
import { useTestAppOfItsOwn, useSeller } from '../../test/fixtures.js';
import { collectCash, signInAgent } from '../../test/factories.js';
import { connect, listen } from '../../test/sockets.js';

describe('cash paid out of the till', () => {
  // Its own database: one day of the till is open at a time, shop-wide.
  const app = useTestAppOfItsOwn();
  const seller = useSeller(app);

  const till = async () =>
    counterDayAnswerSchema.parse((await seller.get('/api/counter/day').expect(200)).body).day;
  const closeTill = async (countedCash: number) =>
    counterDayAnswerSchema.parse(
      (await seller.post('/api/counter/day/close').send({ countedCash }).expect(200)).body,
    ).day;
  const cancel = (orderId: string) =>
    seller
      .post('/api/order/seller/cancel')
      .send({ orderId, reason: 'Customer refused' })
      .expect(200);

  test('a cash order cancelled after its agent handed the cash over is paid out of the till: the day expects less, and its close balances', async () => {
    await seller.post('/api/counter/day/open').send({ openingFloat: 500 }).expect(201);
    const counter = listen(await connect(app.socket('seller', seller)));
    const tara = await signInAgent(app, 'Tara');
    const whole = await collectCash(app, tara);
    const part = await collectCash(app, tara);
    // All of the first order's cash into the drawer, and all but ₹10 of the second's.
    const handed = whole.amountPaise + part.amountPaise - 1_000;
    await seller
      .post(`/api/agents/${tara.agent.id}/handover`)
      .send({ amount: toRupees(handed) })
      .expect(201);
    expect(await till()).toMatchObject({ handovers: toRupees(handed), payouts: 0 });

    await cancel(whole.id);
    await counter.waitFor('till:updated');
    // The second: Tara gives back the ₹10 she holds, the till the rest.
    await cancel(part.id);
    const paidOut = whole.amountPaise + part.amountPaise - 1_000;
    const open = await till();
    expect(open).toMatchObject({
      openingFloat: 500,
      handovers: toRupees(handed),
      payouts: toRupees(paidOut),
      expected: 500,
    });

    // The drawer holds the float again: counted, it balances, and the day keeps its pay-outs.
    const closed = await closeTill(500);
    expect(closed).toMatchObject({ payouts: toRupees(paidOut), expected: 500, difference: 0 });
    const { days } = counterDaysAnswerSchema.parse(
      (await seller.get('/api/counter/days').query({ date: closed?.date }).expect(200)).body,
    );
    expect(days.at(-1)).toEqual(closed);
  });

  test('a cash order cancelled while its agent still holds the cash pays nothing out of the till', async () => {
    await seller.post('/api/counter/day/open').send({ openingFloat: 0 }).expect(201);
    const imran = await signInAgent(app, 'Imran');
    const { id } = await collectCash(app, imran);
    await cancel(id);
    expect(await till()).toMatchObject({ payouts: 0, expected: 0 });
    await closeTill(0);
  });

  test('two sessions of the till in one day each carry when they opened and closed', async () => {
    const sessions = [];
    for (const openingFloat of [100, 200]) {
      const day = counterDayAnswerSchema.parse(
        (await seller.post('/api/counter/day/open').send({ openingFloat }).expect(201)).body,
      ).day;
      sessions.push({ opened: day, closed: await closeTill(openingFloat) });
    }
    for (const { opened, closed } of sessions) {
      // The Cash report lists the sessions of the shop's day each opened on.
      const { days } = counterDaysAnswerSchema.parse(
        (await seller.get('/api/counter/days').query({ date: opened?.date }).expect(200)).body,
      );
      const listed = days.find((day) => day._id === opened?._id);
      expect(listed).toMatchObject({ openedAt: opened?.openedAt, closedAt: closed?.closedAt });
      expect(Date.parse(listed?.closedAt ?? '')).toBeGreaterThan(
        Date.parse(listed?.openedAt ?? ''),
      );
    }
    const [first, second] = sessions;
    // Each opened after the one before closed.
    expect(Date.parse(second?.opened?.openedAt ?? '')).toBeGreaterThan(
      Date.parse(first?.closed?.closedAt ?? ''),
    );
  });
});
