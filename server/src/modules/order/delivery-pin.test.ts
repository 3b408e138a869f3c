import {
  agentOrderAnswerSchema,
  DELIVERY_PIN_FORMAT,
  DELIVERY_PIN_LOCKED,
  DELIVERY_PIN_MISSING,
  MESSAGES,
  orderHistoryAnswerSchema,
  sellerOrderAnswerSchema,
  userOrdersAnswerSchema,
  wrongPinMessage,
} from '@kirana/shared';
import { describe, expect, test } from 'vitest';
import { createTestApp } from '../../test/app.js';
import { useTestApp, useSeller } from '../../test/fixtures.js';
import { placeCodOrder, signInAgent, signUpShopper } from '../../test/factories.js';
import { connect, listen } from '../../test/sockets.js';
import { OrderEventSchema, OrderSchema } from './order.entity.js';

describe('the delivery PIN', () => {
  const app = useTestApp();
  const seller = useSeller(app);

  const stored = (id: string) => app.orm.em.fork().findOneOrFail(OrderSchema, { id });
  const historyOf = async (id: string) =>
    orderHistoryAnswerSchema.parse((await seller.get(`/api/order/${id}/history`).expect(200)).body)
      .events;

  /** A COD order picked up and paid in cash by a new agent, with its shopper's view of the PIN. */
  async function orderAtTheDoor(target = app) {
    const shopper = await signUpShopper(target);
    const id = await placeCodOrder(target, shopper);
    const agent = await signInAgent(target, 'Imran');
    await agent.http.post('/api/agents/accept').send({ orderId: id }).expect(200);
    await agent.http.put(`/api/agents/status/${id}`).send({ status: 'Picked' }).expect(200);
    await agent.http.put(`/api/agents/mark-paid/${id}`).expect(200);
    const mine = userOrdersAnswerSchema.parse(
      (await shopper.http.get('/api/order/user').expect(200)).body,
    );
    const pin = mine.orders.find((order) => order._id === id)?.deliveryPin ?? null;
    const deliver = (body: Record<string, unknown>) =>
      agent.http.put(`/api/agents/status/${id}`).send({ status: 'Delivered', ...body });
    return { id, shopper, agent, pin, deliver };
  }

  /** A 4-digit PIN other than `pin`. */
  const wrongFor = (pin: string) => String((Number(pin) + 1) % 10_000).padStart(4, '0');

  test('each order gets a 4-digit PIN that only its shopper is told, over HTTP and the socket', async () => {
    const shopper = await signUpShopper(app);
    const other = await signUpShopper(app, 'Asha');
    const agent = await signInAgent(app, 'Imran');
    const sockets = {
      owner: listen(await connect(app.socket('shop', shopper.http))),
      other: listen(await connect(app.socket('shop', other.http))),
      seller: listen(await connect(app.socket('seller', seller))),
      agent: listen(await connect(app.socket('agents', agent.http))),
    };
    const id = await placeCodOrder(app, shopper);
    await agent.http.post('/api/agents/accept').send({ orderId: id }).expect(200);
    await agent.http.put(`/api/agents/status/${id}`).send({ status: 'Picked' }).expect(200);

    const mine = userOrdersAnswerSchema.parse(
      (await shopper.http.get('/api/order/user').expect(200)).body,
    ).orders[0];
    expect(mine?.deliveryPin).toMatch(/^\d{4}$/);
    expect(mine).toMatchObject({ pinRequired: true, pinLocked: false });
    expect((await stored(id)).deliveryPin).toBe(mine?.deliveryPin);
    const picked = await sockets.owner.waitFor(
      'order:updated',
      (order) => order._id === id && order.status === 'Picked',
    );
    expect(picked.deliveryPin).toBe(mine?.deliveryPin);
    await sockets.seller.waitFor('order:updated', (order) => order.status === 'Picked');
    await sockets.agent.waitFor('order:updated', (order) => order.status === 'Picked');

    // Nobody else: the seller's and agents' answers and events, and the history, have no PIN.
    const answers = [
      await seller.get('/api/order/seller?limit=100').expect(200),
      await seller.get(`/api/order/${id}/history`).expect(200),
      await seller.get(`/api/order/${id}/payments`).expect(200),
      await agent.http.get('/api/agents/orders/visible').expect(200),
      await agent.http.put(`/api/agents/status/${id}`).send({ status: 'Picked' }).expect(409),
      await other.http.get('/api/order/user').expect(200),
    ];
    for (const answer of answers) expect(JSON.stringify(answer.body)).not.toContain('deliveryPin');
    for (const heard of [sockets.seller, sockets.agent, sockets.other])
      expect(JSON.stringify(heard.heard)).not.toContain('deliveryPin');
    expect(sockets.other.about(id)).toEqual([]);
  });

  test('the right PIN delivers the order, and the history says it matched', async () => {
    const { id, pin, deliver, shopper } = await orderAtTheDoor();
    await deliver({}).expect(400, {
      success: false,
      message: DELIVERY_PIN_MISSING,
      code: 'PIN_MISSING',
    });
    await deliver({ pin: '12a4' }).expect(400, {
      success: false,
      message: DELIVERY_PIN_FORMAT,
      code: 'INVALID',
    });
    await deliver({ pin: 1234 }).expect(400, {
      success: false,
      message: DELIVERY_PIN_FORMAT,
      code: 'INVALID',
    });
    expect((await stored(id)).pinFailures).toBe(0);

    const delivered = agentOrderAnswerSchema.parse((await deliver({ pin }).expect(200)).body);
    expect(delivered.order.status).toBe('Delivered');
    expect(JSON.stringify(delivered)).not.toContain('deliveryPin');
    expect((await historyOf(id)).at(-1)).toMatchObject({
      type: 'status',
      toStatus: 'Delivered',
      note: 'delivery PIN matched',
    });
    // Its job done, the PIN is no longer shown, even to the shopper.
    const mine = userOrdersAnswerSchema.parse(
      (await shopper.http.get('/api/order/user').expect(200)).body,
    ).orders[0];
    expect(mine?.deliveryPin).toBeNull();
  });

  test('5 wrong PINs lock the delivery until the seller unlocks it; each try is in the history', async () => {
    const { id, pin, deliver } = await orderAtTheDoor();
    const wrong = wrongFor(pin!);
    const sellerSocket = listen(await connect(app.socket('seller', seller)));

    for (let left = 4; left >= 1; left -= 1) {
      await deliver({ pin: wrong }).expect(400, {
        success: false,
        message: wrongPinMessage(left),
        code: 'PIN_WRONG',
        triesLeft: left,
      });
    }
    expect(wrongPinMessage(1)).toBe('Wrong PIN: 1 try left');
    await deliver({ pin: wrong }).expect(429, {
      success: false,
      message: wrongPinMessage(0),
      code: 'PIN_LOCKED',
      triesLeft: 0,
    });
    // Locked: not even the right PIN is taken now.
    await deliver({ pin }).expect(429, {
      success: false,
      message: DELIVERY_PIN_LOCKED,
      code: 'PIN_LOCKED',
    });
    expect(await stored(id)).toMatchObject({ status: 'Picked', pinFailures: 5 });
    expect(
      (await sellerSocket.waitFor('order:updated', (order) => order.pinLocked === true))._id,
    ).toBe(id);
    const tries = (await historyOf(id)).filter((event) => event.type.startsWith('pin-'));
    expect(tries.map((event) => [event.type, event.note, event.by.role])).toEqual([
      ['pin-wrong', 'wrong PIN 1 of 5', 'agent'],
      ['pin-wrong', 'wrong PIN 2 of 5', 'agent'],
      ['pin-wrong', 'wrong PIN 3 of 5', 'agent'],
      ['pin-wrong', 'wrong PIN 4 of 5', 'agent'],
      ['pin-locked', 'wrong PIN 5 of 5', 'agent'],
    ]);
    expect(JSON.stringify(tries)).not.toContain(pin);

    const unlocked = sellerOrderAnswerSchema.parse(
      (await seller.post('/api/order/seller/unlock-pin').send({ orderId: id }).expect(200)).body,
    );
    expect(unlocked.message).toBe(MESSAGES.pinUnlocked);
    expect(unlocked.order).toMatchObject({ pinLocked: false, status: 'Picked' });
    // Unlocking again changes nothing more.
    await seller.post('/api/order/seller/unlock-pin').send({ orderId: id }).expect(200);
    expect(
      await app.orm.em.fork().count(OrderEventSchema, { order: id, type: 'pin-unlocked' }),
    ).toBe(1);
    // The count starts over.
    await deliver({ pin: wrong }).expect(400, {
      success: false,
      message: wrongPinMessage(4),
      code: 'PIN_WRONG',
      triesLeft: 4,
    });
    await deliver({ pin }).expect(200);
  });

  test('wrong PINs sent at once count one by one: exactly 5, then locked', async () => {
    const { id, pin, deliver } = await orderAtTheDoor();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => deliver({ pin: wrongFor(pin!) })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([
      400, 400, 400, 400, 429, 429, 429, 429,
    ]);
    expect(answers.map((answer) => (answer.body as { code: string }).code).sort()).toEqual([
      ...Array<string>(4).fill('PIN_LOCKED'),
      ...Array<string>(4).fill('PIN_WRONG'),
    ]);
    expect(await stored(id)).toMatchObject({ pinFailures: 5, status: 'Picked' });
    expect(
      await app.orm.em
        .fork()
        .count(OrderEventSchema, { order: id, type: { $in: ['pin-wrong', 'pin-locked'] } }),
    ).toBe(5);
  });

  test('only the seller unlocks, an order they can see', async () => {
    const { id, agent, shopper } = await orderAtTheDoor();
    await agent.http.post('/api/order/seller/unlock-pin').send({ orderId: id }).expect(401);
    await shopper.http.post('/api/order/seller/unlock-pin').send({ orderId: id }).expect(401);
    await seller
      .post('/api/order/seller/unlock-pin')
      .send({ orderId: '0190a5b2-7c3e-7a10-8000-000000000000' })
      .expect(404, { success: false, message: 'Order not found', code: 'NOT_FOUND' });
    await seller
      .post('/api/order/seller/unlock-pin')
      .send({})
      .expect(400)
      .expect(({ body }) => expect(body.message).toMatch(/orderId/));
  });

  test('with DELIVERY_PIN=off new orders have no PIN and are delivered without one', async () => {
    const off = await createTestApp({ deliveryPin: false });
    try {
      const { id, pin, deliver } = await orderAtTheDoor(off);
      expect(pin).toBeNull();
      const delivered = agentOrderAnswerSchema.parse((await deliver({}).expect(200)).body);
      expect(delivered.order).toMatchObject({ status: 'Delivered', pinRequired: false });
      expect((await off.orm.em.fork().findOneOrFail(OrderSchema, { id })).deliveryPin).toBeNull();
    } finally {
      await off.close();
    }
  });
});
