import { sellerOrdersAnswerSchema } from '@kirana/shared';
import { describe, expect, test } from 'vitest';
import { useTestApp, useSeller } from '../../test/fixtures.js';
import {
  createAgent,
  createProduct,
  sampleAddress,
  signUpShopper,
  signInAgent,
} from '../../test/factories.js';
import { OrderSchema } from './order.entity.js';

describe('GET /api/order/seller', () => {
  const app = useTestApp();
  const seller = useSeller(app);

  async function placeOrders(count: number) {
    const product = await createProduct(app.orm.em.fork(), { name: 'Paneer' });
    const shopper = await signUpShopper(app);
    const { address } = (
      await shopper.http.post('/api/address/add').send({ address: sampleAddress })
    ).body;
    for (let quantity = 1; quantity <= count; quantity += 1) {
      await shopper.http
        .post('/api/order/cod')
        .send({ items: [{ product: product.id, quantity }], address: address._id })
        .expect(201);
    }
    return shopper;
  }

  test("answers a shopper's new order with its items, address and the assigned agent's name and phone", async () => {
    const shopper = await placeOrders(1);
    const agent = await createAgent(app.orm.em.fork(), 'Imran');
    const em = app.orm.em.fork();
    const order = await em.findOneOrFail(OrderSchema, { user: shopper.id });
    order.assignedTo = agent;
    await em.flush();

    const answer = sellerOrdersAnswerSchema.parse(
      (await seller.get('/api/order/seller').expect(200)).body,
    );
    expect(answer.orders.find((listed) => listed._id === order.id)).toMatchObject({
      items: [{ product: { name: 'Paneer' }, quantity: 1 }],
      address: { street: sampleAddress.street, city: sampleAddress.city },
      paymentType: 'COD',
      isPaid: false,
      assignedTo: { _id: agent.id, name: 'Imran', phone: agent.phone },
    });
  });

  test('pages through the orders newest first, two at a time', async () => {
    const shopper = await placeOrders(3);
    // Other test files place orders meanwhile, which can shift a row onto the next page too:
    // follow the pages until ours are all seen, counting each order once.
    const seen: { _id: string; userId: string; quantity: number; createdAt: string }[] = [];
    for (let page = 1; page <= 50; page += 1) {
      const answer = sellerOrdersAnswerSchema.parse(
        (await seller.get(`/api/order/seller?limit=2&page=${page}`).expect(200)).body,
      );
      expect(answer.page).toBe(page);
      expect(answer.orders.length).toBeLessThanOrEqual(2);
      for (const order of answer.orders) {
        if (!seen.some((known) => known._id === order._id)) {
          seen.push({ ...order, quantity: order.items[0]!.quantity });
        }
      }
      if (seen.filter((order) => order.userId === shopper.id).length === 3 || !answer.hasMore)
        break;
    }

    expect(
      seen.filter((order) => order.userId === shopper.id).map((order) => order.quantity),
    ).toEqual([3, 2, 1]);
    const times = seen.map((order) => order.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  test('a bad page or limit is a 400 naming it', async () => {
    await seller.get('/api/order/seller?limit=500').expect(400, {
      success: false,
      message: 'limit must be a whole number from 1 to 100',
      code: 'INVALID',
    });
    await seller.get('/api/order/seller?page=0').expect(400, {
      success: false,
      message: 'page must be a whole number from 1',
      code: 'INVALID',
    });
  });

  test('a shopper, an agent or nobody gets a 401', async () => {
    const shopper = await signUpShopper(app);
    const agent = await signInAgent(app);
    await shopper.http.get('/api/order/seller').expect(401);
    await agent.http.get('/api/order/seller').expect(401);
    await app.http().get('/api/order/seller').expect(401);
  });
});
