import {
  agentOrdersAnswerSchema,
  orderHistoryAnswerSchema,
  sellerOrderAnswerSchema,
} from '@kirana/shared';
import { describe, expect, test } from 'vitest';
import type { Browser } from '../../test/app.js';
import { useTestApp, useSeller } from '../../test/fixtures.js';
import { placeCodOrder, signInAgent, signUpShopper } from '../../test/factories.js';
import { placeOnlineOrder } from '../../test/payments.js';
import { connect, listen } from '../../test/sockets.js';
import { OrderSchema } from './order.entity.js';

describe('POST /api/order/seller/assign: the seller hands an open order to an agent', () => {
  const app = useTestApp();
  const seller = useSeller(app);

  const assign = (orderId: unknown, agentId: unknown, http = seller) =>
    http.post('/api/order/seller/assign').send({ orderId, agentId });
  const stored = (id: string) => app.orm.em.fork().findOneOrFail(OrderSchema, { id });
  const visibleTo = async (http: Browser) =>
    agentOrdersAnswerSchema.parse((await http.get('/api/agents/orders/visible').expect(200)).body)
      .orders;
  const live = async (area: 'seller' | 'agents', browser: Browser) =>
    listen(await connect(app.socket(area, browser)));

  test("the agent's phone shows it at once as theirs; the pool's other agents see it go; the history names both", async () => {
    const id = await placeCodOrder(app, await signUpShopper(app));
    const ravi = await signInAgent(app, 'Ravi');
    const sunil = await signInAgent(app, 'Sunil');
    const raviSocket = await live('agents', ravi.http);
    const sunilSocket = await live('agents', sunil.http);
    const sellerSocket = await live('seller', seller);

    const answer = sellerOrderAnswerSchema.parse(
      (await assign(id, ravi.agent.id).expect(200)).body,
    );
    expect(answer).toMatchObject({
      success: true,
      message: 'Order assigned to Ravi',
      order: { _id: id, status: 'Order Placed', assignedTo: { _id: ravi.agent.id, name: 'Ravi' } },
    });
    const mine = (order: { _id: string; assignedTo: unknown }) =>
      order._id === id && order.assignedTo === ravi.agent.id;
    await raviSocket.waitFor('order:assigned', mine);
    expect(await sunilSocket.waitFor('order:removed')).toEqual({ _id: id, reason: 'taken' });
    expect(sunilSocket.about(id, 'order:updated')).toEqual([]);
    await sellerSocket.waitFor('order:updated', (order: { _id: string }) => order._id === id);
    await sellerSocket.waitFor('agents:updated');

    expect((await visibleTo(ravi.http)).find((order) => order._id === id)?.assignedTo).toBe(
      ravi.agent.id,
    );
    expect((await visibleTo(sunil.http)).some((order) => order._id === id)).toBe(false);
    await sunil.http.post('/api/agents/accept').send({ orderId: id }).expect(409, {
      success: false,
      message: 'Order is already assigned to another agent',
      code: 'ORDER_TAKEN',
    });
    // Ravi goes on with it as with one he accepted himself.
    await ravi.http.put(`/api/agents/status/${id}`).send({ status: 'Picked' }).expect(200);

    const events = orderHistoryAnswerSchema.parse(
      (await seller.get(`/api/order/${id}/history`).expect(200)).body,
    ).events;
    expect(events.find((event) => event.type === 'assigned')).toMatchObject({
      by: { role: 'seller' },
      note: 'Ravi',
    });
  });

  test('assigning again to the same agent succeeds and changes nothing; to another is a 409 until taken back', async () => {
    const id = await placeCodOrder(app, await signUpShopper(app));
    const ravi = await signInAgent(app, 'Ravi');
    const sunil = await signInAgent(app, 'Sunil');
    await assign(id, ravi.agent.id).expect(200);
    const before = await stored(id);
    await assign(id, ravi.agent.id).expect(200);
    expect((await stored(id)).updatedAt).toEqual(before.updatedAt);

    await assign(id, sunil.agent.id).expect(409, {
      success: false,
      message: 'Order is already assigned to another agent',
      code: 'ORDER_TAKEN',
    });
    await seller.post('/api/order/seller/release').send({ orderId: id }).expect(200);
    await assign(id, sunil.agent.id).expect(200);
    expect((await stored(id)).assignedTo?.id).toBe(sunil.agent.id);
    expect((await visibleTo(ravi.http)).some((order) => order._id === id)).toBe(false);
  });

  test('a finished order is a 409; an online one not yet paid, an unknown order or agent, or a removed agent is a 404', async () => {
    const ravi = await signInAgent(app, 'Ravi');
    const cancelled = await placeCodOrder(app, await signUpShopper(app));
    await seller
      .post('/api/order/seller/cancel')
      .send({ orderId: cancelled, reason: 'Shop closing early' })
      .expect(200);
    await assign(cancelled, ravi.agent.id).expect(409, {
      success: false,
      message: 'Order is no longer open for delivery',
      code: 'ORDER_NOT_OPEN',
    });

    const unpaid = await placeOnlineOrder(app, await signUpShopper(app));
    await assign(unpaid.orderId, ravi.agent.id).expect(404, {
      success: false,
      message: 'Order not found',
      code: 'NOT_FOUND',
    });

    const open = await placeCodOrder(app, await signUpShopper(app));
    const unknown = '01890a5d-ac96-774b-bcce-b302099a8057';
    await assign(unknown, ravi.agent.id).expect(404, {
      success: false,
      message: 'Order not found',
      code: 'NOT_FOUND',
    });
    const noAgent = {
      success: false,
      message: 'Agent not found: they may have been removed',
      code: 'NOT_FOUND',
    };
    await assign(open, unknown).expect(404, noAgent);
    const gone = await signInAgent(app, 'Gone');
    await seller.delete(`/api/agents/${gone.agent.id}`).expect(200);
    await assign(open, gone.agent.id).expect(404, noAgent);
    expect((await stored(open)).assignedTo).toBeNull();
  });

  test.each([
    [{}, 'orderId must be a valid id'],
    [{ orderId: '01890a5d-ac96-774b-bcce-b302099a8057' }, 'agentId must be a valid id'],
    [{ orderId: '01890a5d-ac96-774b-bcce-b302099a8057', agentId: 7 }, 'agentId must be a valid id'],
  ])('%j is a 400 naming what is wrong', async (body, message) => {
    await seller
      .post('/api/order/seller/assign')
      .send(body)
      .expect(400, { success: false, message, code: 'INVALID' });
  });

  test('nobody but the seller assigns', async () => {
    const id = await placeCodOrder(app, await signUpShopper(app));
    const shopper = await signUpShopper(app);
    const ravi = await signInAgent(app, 'Ravi');
    for (const http of [app.agent(), shopper.http, ravi.http])
      await assign(id, ravi.agent.id, http).expect(401);
    expect((await stored(id)).assignedTo).toBeNull();
  });
});
