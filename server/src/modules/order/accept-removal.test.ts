import { describe, expect, test } from 'vitest';
import { useTestApp } from '../../test/fixtures.js';
import {
  createProduct,
  sampleAddress,
  signInAgent,
  signInSeller,
  signUpShopper,
} from '../../test/factories.js';
import { OrderEventSchema, OrderItemSchema, OrderSchema } from './order.entity.js';

describe('accepting orders while the agent is removed', () => {
  const app = useTestApp();

  /** `count` open cash-on-delivery orders of one shopper, written directly for speed. */
  async function openOrders(count: number): Promise<string[]> {
    const shopper = await signUpShopper(app);
    const em = app.orm.em.fork();
    const product = await createProduct(em);
    const orders = Array.from({ length: count }, () => {
      const order = em.create(OrderSchema, {
        user: shopper.id,
        address: { addressId: shopper.id, ...sampleAddress },
        subtotalPaise: 9_950,
        taxPaise: 199,
        amountPaise: 10_149,
        paymentType: 'COD',
        status: 'Order Placed',
        isPaid: false,
      });
      em.create(OrderItemSchema, {
        order,
        position: 0,
        product,
        quantity: 1,
        unitPricePaise: 9_950,
      });
      return order;
    });
    await em.flush();
    return orders.map((order) => order.id);
  }

  test('removal racing 50 accepts leaves no order with the removed agent; each accept won before it (and was released) or was refused', async () => {
    const ids = await openOrders(50);
    const { http, agent } = await signInAgent(app, 'Leaving mid-shift');
    const seller = await signInSeller(app);

    // All 50 at once, with the removal sent in the middle of them.
    const accept = (orderId: string) =>
      http
        .post('/api/agents/accept')
        .send({ orderId })
        .then((response) => ({ orderId, status: response.status }));
    const accepts = ids.slice(0, 25).map(accept);
    const removal = seller.http.delete(`/api/agents/${agent.id}`).then((response) => response);
    accepts.push(...ids.slice(25).map(accept));
    const answers = await Promise.all(accepts);

    expect((await removal).status).toBe(200);
    const em = app.orm.em.fork();
    expect(await em.count(OrderSchema, { assignedTo: agent.id })).toBe(0);
    for (const { orderId, status } of answers) {
      const history = (
        await em.find(
          OrderEventSchema,
          { order: orderId },
          { orderBy: { createdAt: 'asc', id: 'asc' } },
        )
      ).map((event) => event.type);
      if (status === 200) expect(history, orderId).toEqual(['accepted', 'released']);
      else {
        expect([401, 403, 409], orderId).toContain(status);
        expect(history, orderId).toEqual([]);
      }
    }
  }, 60_000);
});
