import {
  agentAuthAnswerSchema,
  agentOrderAnswerSchema,
  agentOrdersAnswerSchema,
  MESSAGES,
  orderHistoryAnswerSchema,
} from '@kirana/shared';
import { describe, expect, test } from 'vitest';
import type { TestApp } from '../../test/app.js';
import { useTestApp } from '../../test/fixtures.js';
import {
  createAgent,
  createProduct,
  deliveryPinOf,
  pairPhone,
  sampleAddress,
  signInAgent,
  signInSeller,
  signUpShopper,
} from '../../test/factories.js';
import { OrderEventSchema, OrderSchema } from '../order/order.entity.js';

describe('the delivery agent workflow', () => {
  const app = useTestApp();

  /** A shopper's new COD order (or `paymentType` Online, unpaid unless `isPaid`). */
  async function placeOrder(overrides: { paymentType?: 'Online'; isPaid?: boolean } = {}) {
    const product = await createProduct(app.orm.em.fork(), {
      name: 'Atta',
      pricePaise: 32_000,
      offerPricePaise: 28_900,
    });
    const shopper = await signUpShopper(app, 'Meera');
    const { address } = (
      await shopper.http.post('/api/address/add').send({ address: sampleAddress })
    ).body;
    await shopper.http
      .post('/api/order/cod')
      .send({ items: [{ product: product.id, quantity: 1 }], address: address._id })
      .expect(201);
    const em = app.orm.em.fork();
    const order = await em.findOneOrFail(OrderSchema, { user: shopper.id });
    if (overrides.paymentType) Object.assign(order, overrides);
    await em.flush();
    return { id: order.id, shopper };
  }

  const visibleIds = async (http: ReturnType<TestApp['agent']>) =>
    agentOrdersAnswerSchema
      .parse((await http.get('/api/agents/orders/visible').expect(200)).body)
      .orders.map((order) => order._id);

  test('an agent logs in by phone on their paired phone, typed with spaces, and is-auth answers them', async () => {
    const agent = await createAgent(app.orm.em.fork(), 'Farhan');
    const typed = agent.phone.replace(/(\d{5})$/, ' $1');
    const { http } = await pairPhone(app, agent.id);
    const login = await http.post('/api/agents/login').send({ phone: typed }).expect(200);
    expect(agentAuthAnswerSchema.parse(login.body).agent).toMatchObject({
      _id: agent.id,
      name: 'Farhan',
    });
    expect(
      agentAuthAnswerSchema.parse((await http.get('/api/agents/is-auth').expect(200)).body).agent
        ._id,
    ).toBe(agent.id);
    await http.get('/api/agents/logout').expect(200);
    await http
      .get('/api/agents/is-auth')
      .expect(401, { success: false, message: 'Please login as agent', code: 'UNAUTHENTICATED' });
  });

  test('login without a phone is a 400 "Phone number required"; an unpaired browser a 403 saying to ask the shop', async () => {
    await app
      .http()
      .post('/api/agents/login')
      .send({})
      .expect(400, { success: false, message: 'Phone number required', code: 'INVALID' });
    await app
      .http()
      .post('/api/agents/login')
      .send({ phone: '+910000000000' })
      .expect(403, { success: false, message: MESSAGES.agentNotPaired, code: 'NOT_PAIRED' });
  });

  test("the agents see the open pool; once one accepts, the order leaves the others' lists", async () => {
    const order = await placeOrder();
    const first = await signInAgent(app, 'First');
    const second = await signInAgent(app, 'Second');
    expect(await visibleIds(first.http)).toContain(order.id);
    expect(await visibleIds(second.http)).toContain(order.id);

    const accepted = await first.http
      .post('/api/agents/accept')
      .send({ orderId: order.id })
      .expect(200);
    expect(agentOrderAnswerSchema.parse(accepted.body)).toMatchObject({
      message: 'Order accepted',
      order: { _id: order.id, assignedTo: first.agent.id },
    });
    expect(await visibleIds(first.http)).toContain(order.id);
    expect(await visibleIds(second.http)).not.toContain(order.id);
    // A retried tap by the winner succeeds again; the loser gets a 409 and changes nothing.
    await first.http.post('/api/agents/accept').send({ orderId: order.id }).expect(200);
    await second.http.post('/api/agents/accept').send({ orderId: order.id }).expect(409, {
      success: false,
      message: 'Order is already assigned to another agent',
      code: 'ORDER_TAKEN',
    });
  });

  test('of 50 agents accepting one order at once, exactly one wins; the others get 409', async () => {
    const order = await placeOrder();
    // Signed in one after another, as a shift starts; the race is in the accepts.
    const agents = [];
    for (let index = 0; index < 50; index += 1)
      agents.push(await signInAgent(app, `Racer ${index}`));

    const answers = await Promise.all(
      agents.map(({ http }) => http.post('/api/agents/accept').send({ orderId: order.id })),
    );

    const winners = answers.filter((answer) => answer.status === 200);
    expect(winners).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(49);
    const stored = await app.orm.em.fork().findOneOrFail(OrderSchema, { id: order.id });
    expect(stored.assignedTo?.id).toBe(winners[0]!.body.order.assignedTo);
    expect(
      await app.orm.em.fork().count(OrderEventSchema, { order: order.id, type: 'accepted' }),
    ).toBe(1);
  }, 120_000);

  test('the assigned agent moves the order Order Placed → Picked → paid in cash → Delivered, and no other way', async () => {
    const order = await placeOrder();
    const { http } = await signInAgent(app);
    await http.post('/api/agents/accept').send({ orderId: order.id }).expect(200);
    const pin = await deliveryPinOf(app, order.id);
    const move = (status: string) =>
      http.put(`/api/agents/status/${order.id}`).send({ status, pin });

    expect((await move('Delivered').expect(409)).body.message).toBe(
      'Order cannot move to that status from its current one',
    );
    expect((await move('Picked').expect(200)).body).toMatchObject({
      message: 'Order status updated to Picked',
      order: { status: 'Picked' },
    });
    expect((await move('Picked').expect(409)).body.success).toBe(false);
    expect((await move('Delivered').expect(409)).body.message).toBe(
      'Order must be paid before it is delivered',
    );
    const paid = await http.put(`/api/agents/mark-paid/${order.id}`).expect(200);
    expect(paid.body).toMatchObject({
      message: 'Payment collected in cash',
      order: { isPaid: true },
    });
    await http
      .put(`/api/agents/mark-paid/${order.id}`)
      .expect(409, { success: false, message: 'Order is already paid', code: 'ALREADY_PAID' });
    expect((await move('Delivered').expect(200)).body.order.status).toBe('Delivered');
    expect((await move('Picked').expect(409)).body.success).toBe(false);
    await move('Shipped').expect(400, {
      success: false,
      message: 'status must be one of Order Placed, Picked, Delivered',
      code: 'INVALID',
    });

    // Delivered orders stay in the agent's own list and leave the pool.
    expect(await visibleIds(http)).toContain(order.id);
    const other = await signInAgent(app, 'Late');
    expect(await visibleIds(other.http)).not.toContain(order.id);
  });

  test("another agent cannot see or change an agent's order (404); an unassigned one cannot be moved (403)", async () => {
    const taken = await placeOrder();
    const open = await placeOrder();
    const owner = await signInAgent(app, 'Owner');
    const other = await signInAgent(app, 'Other');
    await owner.http.post('/api/agents/accept').send({ orderId: taken.id }).expect(200);

    await other.http.put(`/api/agents/status/${taken.id}`).send({ status: 'Picked' }).expect(404);
    await other.http.put(`/api/agents/mark-paid/${taken.id}`).expect(404);
    await other.http.put(`/api/agents/status/${open.id}`).send({ status: 'Picked' }).expect(403, {
      success: false,
      message: 'Order is not assigned to you',
      code: 'NOT_YOUR_ORDER',
    });
    const stored = await app.orm.em.fork().findOneOrFail(OrderSchema, { id: taken.id });
    expect(stored).toMatchObject({ status: 'Order Placed', isPaid: false });
  });

  test('unpaid online orders are not in the pool; paid ones are, and cannot be paid in cash', async () => {
    const unpaid = await placeOrder({ paymentType: 'Online', isPaid: false });
    const paid = await placeOrder({ paymentType: 'Online', isPaid: true });
    const { http } = await signInAgent(app);
    const ids = await visibleIds(http);
    expect(ids).not.toContain(unpaid.id);
    expect(ids).toContain(paid.id);
    await http.post('/api/agents/accept').send({ orderId: unpaid.id }).expect(404);

    await http.post('/api/agents/accept').send({ orderId: paid.id }).expect(200);
    await http.put(`/api/agents/mark-paid/${paid.id}`).expect(409, {
      success: false,
      message: 'Only a cash-on-delivery order is paid at the door',
      code: 'NOT_COD',
    });
  });

  test('every agent call is a 401 without an agent session, including for shoppers and the seller', async () => {
    const order = await placeOrder();
    const seller = await signInSeller(app);
    for (const http of [app.http(), order.shopper.http, seller.http]) {
      await http.get('/api/agents/orders/visible').expect(401);
      await http.post('/api/agents/accept').send({ orderId: order.id }).expect(401);
      await http.put(`/api/agents/status/${order.id}`).send({ status: 'Picked' }).expect(401);
      await http.put(`/api/agents/mark-paid/${order.id}`).expect(401);
    }
  });

  test('a removed agent is signed out at once', async () => {
    const { http, agent } = await signInAgent(app, 'Removed');
    const seller = await signInSeller(app);
    await seller.http.delete(`/api/agents/${agent.id}`).expect(200);
    await http.get('/api/agents/orders/visible').expect(401);
    await http
      .post('/api/agents/login')
      .send({ phone: agent.phone })
      .expect(403, { success: false, message: MESSAGES.agentNotPaired, code: 'NOT_PAIRED' });
  });

  test('the seller reads the order history: who placed, accepted, moved and took payment, and when', async () => {
    const order = await placeOrder();
    const { http } = await signInAgent(app, 'Deepa');
    await http.post('/api/agents/accept').send({ orderId: order.id }).expect(200);
    await http.put(`/api/agents/status/${order.id}`).send({ status: 'Picked' }).expect(200);
    await http.put(`/api/agents/mark-paid/${order.id}`).expect(200);
    const seller = await signInSeller(app);

    const history = orderHistoryAnswerSchema.parse(
      (await seller.http.get(`/api/order/${order.id}/history`).expect(200)).body,
    );
    expect(
      history.events.map((event) => [event.type, event.by.role, event.by.name, event.toStatus]),
    ).toEqual([
      ['placed', 'user', 'Meera', 'Order Placed'],
      ['accepted', 'agent', 'Deepa', null],
      ['status', 'agent', 'Deepa', 'Picked'],
      ['paid', 'agent', 'Deepa', null],
    ]);
    await order.shopper.http.get(`/api/order/${order.id}/history`).expect(401);
  });
});
