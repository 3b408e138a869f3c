import {
  agentOrdersAnswerSchema,
  orderHistoryAnswerSchema,
  sellerOrderAnswerSchema,
  sellerOrdersAnswerSchema,
  type Order,
} from '@kirana/shared';
import { describe, expect, test } from 'vitest';
import type { TestApp } from '../../test/app.js';
import { useTestApp, useSeller } from '../../test/fixtures.js';
import { placeCodOrder, signInAgent, signUpShopper } from '../../test/factories.js';
import { connect, listen } from '../../test/sockets.js';
import { OrderSchema } from './order.entity.js';

type Browser = ReturnType<TestApp['agent']>;

describe('POST /api/order/seller/release: the seller takes an order back', () => {
  const app = useTestApp();
  const seller = useSeller(app);

  async function live(area: 'seller' | 'agents', browser: Browser) {
    const socket = await connect(app.socket(area, browser));
    return listen(socket);
  }

  /** A new COD order, accepted by a new agent (and moved on to `status` by them). */
  async function acceptedOrder(status: 'Order Placed' | 'Picked' = 'Order Placed') {
    const id = await placeCodOrder(app, await signUpShopper(app));
    const agent = await signInAgent(app, 'Imran');
    await agent.http.post('/api/agents/accept').send({ orderId: id }).expect(200);
    if (status === 'Picked')
      await agent.http.put(`/api/agents/status/${id}`).send({ status }).expect(200);
    return { id, agent };
  }

  const release = (http: Browser, orderId: unknown) =>
    http.post('/api/order/seller/release').send({ orderId });
  const stored = (id: string) => app.orm.em.fork().findOneOrFail(OrderSchema, { id });

  test("a picked order returns to the pool as 'Order Placed'; the history names the seller and the agent; every screen hears it", async () => {
    const { id, agent } = await acceptedOrder('Picked');
    const other = await signInAgent(app, 'Sunil');
    const sellerSocket = await live('seller', seller);
    const agentSocket = await live('agents', agent.http);
    const otherSocket = await live('agents', other.http);

    const answer = sellerOrderAnswerSchema.parse((await release(seller, id).expect(200)).body);
    expect(answer).toMatchObject({
      success: true,
      message: 'Order taken back: it is open for the agents again',
      order: { _id: id, status: 'Order Placed', assignedTo: null },
    });
    expect(await stored(id)).toMatchObject({
      status: 'Order Placed',
      assignedTo: null,
      assignedAt: null,
    });
    const history = orderHistoryAnswerSchema.parse(
      (await seller.get(`/api/order/${id}/history`).expect(200)).body,
    );
    expect(history.events.at(-1)).toMatchObject({
      type: 'released',
      by: { role: 'seller' },
      fromStatus: 'Picked',
      toStatus: 'Order Placed',
      note: 'taken back from Imran',
    });

    const backInPool = (order: Order) =>
      order._id === id && order.assignedTo === null && order.status === 'Order Placed';
    const listed = sellerOrdersAnswerSchema
      .parse((await seller.get('/api/order/seller?limit=100').expect(200)).body)
      .orders.find((order) => order._id === id);
    expect(await sellerSocket.waitFor('order:updated', backInPool)).toEqual(listed);
    await agentSocket.waitFor('order:updated', backInPool);
    await otherSocket.waitFor('order:updated', backInPool);
    await sellerSocket.waitFor('agents:updated');

    // The old agent holds it no more; any agent may take it.
    await agent.http.put(`/api/agents/status/${id}`).send({ status: 'Delivered' }).expect(403, {
      success: false,
      message: 'Order is not assigned to you',
      code: 'NOT_YOUR_ORDER',
    });
    const pool = agentOrdersAnswerSchema.parse(
      (await other.http.get('/api/agents/orders/visible').expect(200)).body,
    ).orders;
    expect(pool.find((order) => order._id === id)?.assignedTo).toBeNull();
    await other.http.post('/api/agents/accept').send({ orderId: id }).expect(200);
    expect((await stored(id)).assignedTo?.id).toBe(other.agent.id);
  });

  test('an order no agent holds is a 409 and stays as it was', async () => {
    const id = await placeCodOrder(app, await signUpShopper(app));
    await release(seller, id).expect(409, {
      success: false,
      message: 'Order is not assigned to any agent',
      code: 'ORDER_UNASSIGNED',
    });
    expect((await stored(id)).status).toBe('Order Placed');
  });

  test.each(['Delivered', 'Cancelled'] as const)(
    'a %s order is a 409 and keeps its agent',
    async (status) => {
      const { id, agent } = await acceptedOrder();
      await app.orm.em
        .fork()
        .nativeUpdate(OrderSchema, { id }, { status, isPaid: status === 'Delivered' });
      await release(seller, id).expect(409, {
        success: false,
        message: 'Order is no longer open for delivery',
        code: 'ORDER_NOT_OPEN',
      });
      expect(await stored(id)).toMatchObject({ status, assignedTo: { id: agent.agent.id } });
    },
  );

  test('an unknown order, or an online one not yet paid (hidden from the shop), is a 404', async () => {
    await release(seller, '01890a5d-ac96-774b-bcce-b302099a8057').expect(404, {
      success: false,
      message: 'Order not found',
      code: 'NOT_FOUND',
    });
    const { id, agent } = await acceptedOrder();
    await app.orm.em
      .fork()
      .nativeUpdate(OrderSchema, { id }, { paymentType: 'Online', isPaid: false });
    await release(seller, id).expect(404, {
      success: false,
      message: 'Order not found',
      code: 'NOT_FOUND',
    });
    expect((await stored(id)).assignedTo?.id).toBe(agent.agent.id);
  });

  test.each([
    [undefined, 'orderId must be a valid id'],
    ['123', 'orderId must be a valid id'],
    [42, 'orderId must be a valid id'],
  ])('orderId %j is a 400 naming it', async (orderId, message) => {
    await release(seller, orderId).expect(400, { success: false, message, code: 'INVALID' });
  });

  test('nobody, a shopper, another agent and the agent holding it get a 401, and it stays with the agent', async () => {
    const { id, agent } = await acceptedOrder();
    const shopper = await signUpShopper(app);
    const other = await signInAgent(app, 'Other');
    for (const http of [app.agent(), shopper.http, other.http, agent.http]) {
      await release(http, id).expect(401);
    }
    expect(await stored(id)).toMatchObject({
      status: 'Order Placed',
      assignedTo: { id: agent.agent.id },
    });
  });
});
