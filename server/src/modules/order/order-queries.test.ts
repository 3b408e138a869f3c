import {
  isOpenForAgents,
  isVisibleTo,
  ORDER_STATUSES,
  PAYMENT_TYPES,
  type OrderFacts,
} from '@kirana/shared';
import { beforeAll, describe, expect, test } from 'vitest';
import { useTestApp } from '../../test/fixtures.js';
import { createAgent, sampleAddress, signUpShopper } from '../../test/factories.js';
import { openPoolOrders, releasedOrders } from './order-queries.js';
import { OrderSchema } from './order.entity.js';
import { listAgentOrders } from './order-reads.js';
import { factsOf } from './order-rules.js';

describe('the order queries agree with the shared visibility rules', () => {
  let userId: string;
  let created: OrderFacts[];
  let agentId: string;
  const app = useTestApp();
  beforeAll(async () => {
    userId = (await signUpShopper(app)).id;
    const agent = await createAgent(app.orm.em.fork());
    agentId = agent.id;
    const em = app.orm.em.fork();
    for (const status of ORDER_STATUSES) {
      for (const paymentType of PAYMENT_TYPES) {
        for (const isPaid of [false, true]) {
          for (const assignedTo of [null, agent.id]) {
            em.create(OrderSchema, {
              user: userId,
              address: { addressId: userId, ...sampleAddress },
              subtotalPaise: 100,
              taxPaise: 2,
              amountPaise: 102,
              status,
              paymentType,
              isPaid,
              assignedTo,
            });
          }
        }
      }
    }
    await em.flush();
    created = (await app.orm.em.fork().find(OrderSchema, { user: userId })).map(factsOf);
  });

  test('every combination of status, payment and assignment was written', () => {
    expect(created.length).toBe(ORDER_STATUSES.length * PAYMENT_TYPES.length * 2 * 2);
  });

  test('releasedOrders selects exactly the orders the seller may see', async () => {
    const selected = await app.orm.em.fork().find(OrderSchema, { user: userId, ...releasedOrders });
    expect(selected.length).toBe(
      created.filter((facts) => isVisibleTo(facts, { role: 'seller' })).length,
    );
    expect(selected.map(factsOf).every((facts) => isVisibleTo(facts, { role: 'seller' }))).toBe(
      true,
    );
  });

  test('listAgentOrders answers exactly the orders the agent may see', async () => {
    const listed = (await listAgentOrders(app.orm.em.fork(), agentId)).filter(
      (order) => order.user.id === userId,
    );
    const visible = created.filter((facts) => isVisibleTo(facts, { role: 'agent', id: agentId }));
    expect(listed.length).toBe(visible.length);
    expect(
      listed.map(factsOf).every((facts) => isVisibleTo(facts, { role: 'agent', id: agentId })),
    ).toBe(true);
  });

  test('openPoolOrders selects exactly the orders open for agents', async () => {
    const selected = await app.orm.em.fork().find(OrderSchema, { user: userId, ...openPoolOrders });
    expect(selected.length).toBe(created.filter(isOpenForAgents).length);
    expect(selected.map(factsOf).every(isOpenForAgents)).toBe(true);
  });
});
