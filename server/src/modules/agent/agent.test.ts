import { agentCreateAnswerSchema, agentListAnswerSchema } from '@kirana/shared';
import { describe, expect, test } from 'vitest';
import { startSession } from '../session/session.service.js';
import { useTestApp, useSeller } from '../../test/fixtures.js';
import {
  createAgent,
  createProduct,
  sampleAddress,
  signUpShopper,
  signInAgent,
} from '../../test/factories.js';
import { OrderEventSchema, OrderSchema } from '../order/order.entity.js';
import { SessionSchema } from '../session/session.entity.js';
import { AgentSchema } from './agent.entity.js';

describe('the seller manages agents', () => {
  const app = useTestApp();
  const seller = useSeller(app);

  test('adds an agent, who is listed as Available with a normalised phone', async () => {
    const response = await seller
      .post('/api/agents/create')
      .send({ name: 'Suresh', phone: '+91 99000-11122' })
      .expect(201);
    const { agent } = agentCreateAnswerSchema.parse(response.body);
    expect(agent).toMatchObject({ name: 'Suresh', phone: '+919900011122', status: 'Available' });
    expect(response.body.message).toBe('Agent added');

    const list = agentListAnswerSchema.parse((await seller.get('/api/agents').expect(200)).body);
    expect(list.agents).toContainEqual(agent);
  });

  test.each([
    [{ phone: '9900011122' }, 'All fields required'],
    [{ name: 'Suresh', phone: '' }, 'All fields required'],
    [{ name: 'Suresh', phone: '12ab' }, 'phone must be 7 to 15 digits, optionally starting with +'],
    [
      { name: 'Suresh\u001b[2J', phone: '9900011122' },
      'name must not contain control characters (such as a tab or a line break)',
    ],
  ])('refuses %j with 400 "%s"', async (body, message) => {
    await seller
      .post('/api/agents/create')
      .send(body)
      .expect(400, { success: false, message, code: 'INVALID' });
  });

  test('a phone number already used by a current agent is a 409', async () => {
    const existing = await createAgent(app.orm.em.fork());
    await seller
      .post('/api/agents/create')
      .send({ name: 'Copy', phone: existing.phone })
      .expect(409, {
        success: false,
        message: 'An agent with this phone number already exists',
        code: 'CONFLICT',
      });
  });

  test('removing an agent revokes their sessions and returns their open orders to the pool', async () => {
    const em = app.orm.em.fork();
    const agent = await createAgent(em, 'Leaving Agent');
    await startSession(em, 'agent', agent.id);
    const product = await createProduct(em);
    const shopper = await signUpShopper(app);
    const { address } = (
      await shopper.http.post('/api/address/add').send({ address: sampleAddress })
    ).body;
    for (let index = 0; index < 2; index += 1) {
      await shopper.http
        .post('/api/order/cod')
        .send({ items: [{ product: product.id, quantity: 1 }], address: address._id })
        .expect(201);
    }
    const [picked, delivered] = await em.find(OrderSchema, { user: shopper.id });
    Object.assign(picked!, { assignedTo: agent, status: 'Picked' });
    Object.assign(delivered!, { assignedTo: agent, status: 'Delivered', isPaid: true });
    await em.flush();
    const listed = agentListAnswerSchema.parse((await seller.get('/api/agents')).body).agents;
    expect(listed.find((item) => item._id === agent.id)?.status).toBe('On delivery');

    await seller
      .delete(`/api/agents/${agent.id}`)
      .expect(200, { success: true, message: 'Agent removed' });

    const after = app.orm.em.fork();
    expect(await after.count(SessionSchema, { kind: 'agent', subjectId: agent.id })).toBe(0);
    expect(await after.findOneOrFail(OrderSchema, { id: picked!.id })).toMatchObject({
      assignedTo: null,
      status: 'Order Placed',
    });
    expect((await after.findOneOrFail(OrderSchema, { id: delivered!.id })).assignedTo?.id).toBe(
      agent.id,
    );
    expect(
      await after.find(OrderEventSchema, { order: picked!.id, type: 'released' }),
    ).toHaveLength(1);
    const agents = agentListAnswerSchema.parse((await seller.get('/api/agents')).body).agents;
    expect(agents.map((item) => item._id)).not.toContain(agent.id);
    // The phone number is free again for a new agent.
    await seller.post('/api/agents/create').send({ name: 'New', phone: agent.phone }).expect(201);
  });

  test('removing an unknown or already removed agent is a 404', async () => {
    const agent = await createAgent(app.orm.em.fork());
    await seller.delete(`/api/agents/${agent.id}`).expect(200);
    await seller
      .delete(`/api/agents/${agent.id}`)
      .expect(404, { success: false, message: 'Agent not found', code: 'NOT_FOUND' });
  });

  test('a shopper, an agent or nobody cannot list, add or remove agents', async () => {
    const agent = await createAgent(app.orm.em.fork());
    const shopper = await signUpShopper(app);
    const other = await signInAgent(app);
    for (const http of [shopper.http, other.http, app.http()]) {
      await http.get('/api/agents').expect(401);
      await http.post('/api/agents/create').send({ name: 'X', phone: '+919999999999' }).expect(401);
      await http.delete(`/api/agents/${agent.id}`).expect(401);
    }
    expect(
      (await app.orm.em.fork().findOneOrFail(AgentSchema, { id: agent.id })).removedAt,
    ).toBeNull();
  });
});
